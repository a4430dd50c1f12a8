/**
 * Renders a generic resource screen inside Refine with the real providers; requests go to the
 * msw mock API (mocks/), signed in with a handoff token.
 */
import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { render } from '@testing-library/react';
import type { HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { BrowserRouter } from 'react-router';
import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import { createMockApi, type MockApi, type MockApiOptions } from '../../../mocks';
import { createProviders } from '../../../providers';
import { saveSession, setMenus } from '../../../providers/session';
import type { ResourceDefinition } from '../../../resources/define';
import { ResourceList } from '../../../resources/generic/ResourceList';
import type { DialogRegistry } from '../../../resources/generic/rowActions';
import { setLocale } from '../../../src/i18n';
import { installAntdStaticRender } from '../../../src/layout/antdStaticRender';

// As main.tsx does: antd's toasts render with React 19's root API.
installAntdStaticRender();

// jsdom has no pseudo-element styles (antd's modal scroll lock asks for ::-webkit-scrollbar).
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

export const server = setupServer();

/** Starts msw for the file and resets language, storage and the mock API before each test. */
export function setUpMockApi(): { current: MockApi } {
  const api = { current: createMockApi() };
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(() => {
    setLocale('zh-CN');
    localStorage.clear();
    setMenus(null);
    api.current = createMockApi();
    server.resetHandlers(...api.current.handlers);
  });
  return api;
}

/** Replaces the mock API (other rows or grants) for the current test. */
export function replaceApi(holder: { current: MockApi }, options: MockApiOptions): MockApi {
  holder.current = createMockApi(options);
  server.resetHandlers(...holder.current.handlers);
  return holder.current;
}

/** Replaces the handlers of the current test: `first` answer before the mock API's own. */
export function installHandlers(api: MockApi, first: readonly HttpHandler[] = []): void {
  server.resetHandlers(...first, ...api.handlers);
}

export function renderResourceList(api: MockApi, definition: ResourceDefinition, { dialogs }: { dialogs?: DialogRegistry } = {}) {
  saveSession({ token: api.issueToken(), appId: 1 });
  window.history.replaceState(null, '', definition.menu.path);
  const providers = createProviders({ workbenchUrl: '/login', navigate: vi.fn() });
  return render(
    <BrowserRouter>
      <Refine
        dataProvider={providers.dataProvider}
        authProvider={providers.authProvider}
        accessControlProvider={providers.accessControlProvider}
        i18nProvider={providers.i18nProvider}
        notificationProvider={providers.notificationProvider}
        routerProvider={routerProvider}
        resources={[{ name: definition.name, list: definition.menu.path, meta: { label: definition.title['zh-CN'] } }]}
        options={{ disableTelemetry: true }}
      >
        <ResourceList definition={definition} title={definition.title['zh-CN']} dialogs={dialogs} />
      </Refine>
    </BrowserRouter>,
  );
}
