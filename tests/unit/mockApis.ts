/**
 * A test file's mock APIs behind its msw server: listening for the file, and before each test
 * Chinese, empty storage and fresh mock APIs (so one test's writes never reach the next).
 */
import type { HttpHandler } from 'msw';
import type { SetupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { setMenus } from '../../providers/session';
import { setLocale } from '../../src/i18n';

export function mockApisPerTest<T>(server: SetupServer, create: () => T, handlersOf: (apis: T) => readonly HttpHandler[]): { current: T } {
  const holder = { current: create() };
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(() => {
    setLocale('zh-CN');
    localStorage.clear();
    setMenus(null);
    replaceApis(server, holder, create(), handlersOf);
  });
  return holder;
}

/** Other mock APIs (grants, rows, refusals) for the current test. */
export function replaceApis<T>(server: SetupServer, holder: { current: T }, next: T, handlersOf: (apis: T) => readonly HttpHandler[]): T {
  holder.current = next;
  server.resetHandlers(...handlersOf(next));
  return next;
}
