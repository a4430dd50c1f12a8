/**
 * The calls the screens' buttons grant are the routes the server registers: a button naming a path
 * no route answers would grant nothing (and its page would fail), a route no button names could be
 * granted to no one. Both sides read the same paths (contract/paths.ts); this holds them to it.
 * (The seeded tree's side, an API element per registered route, is seedTree.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUrl } from '../../contract/paths';
import { apiElementPath, isGuardedPath } from '../../server/http/paths';
import { baseScreens } from '../../server/db/screenCatalogue';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const buttonCalls = (screens: ReturnType<typeof baseScreens>) =>
  screens.flatMap((screen) => screen.buttons.flatMap((button) => button.apis.map((api) => ({ api, where: `${screen.component}:${button.action}` }))));

describe('the screens’ calls', () => {
  it('each name a route the server registers, behind a permission', () => {
    const routes = new Set(server.app.routeTable.filter((route) => route.access === 'permission').map((route) => route.url));
    const missing = buttonCalls(baseScreens()).filter(({ api }) => !routes.has(callUrl(api)));
    expect(missing, 'buttons naming a path with no route').toEqual([]);
  });

  it('name every route that needs a permission', () => {
    const named = new Set(buttonCalls(baseScreens()).map(({ api }) => api));
    const guarded = server.app.routeTable.filter((route) => isGuardedPath(route.url) && route.access === 'permission');
    const ungranted = guarded.filter((route) => !named.has(apiElementPath(route.url))).map((route) => `${route.method} ${route.url}`);
    expect(ungranted, 'routes no button grants').toEqual([]);
  });
});
