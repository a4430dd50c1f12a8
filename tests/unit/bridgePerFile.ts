/**
 * A test file's msw server in front of the real app (mocks/bridge): listening for the file, and
 * before each test Chinese, empty storage, and a fresh database and app (one test's writes never
 * reach the next). A test puts its special answers first with `server.use(...)`.
 */
import type { SetupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createBridge, type Bridge, type BridgeOptions } from '../../mocks/bridge';
import { setMenus } from '../../providers/session';
import { setLocale } from '../../src/i18n';

export function bridgePerFile(server: SetupServer, options?: BridgeOptions): Bridge {
  const bridge = createBridge(options);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(async () => {
    server.close();
    await bridge.close();
  });
  beforeEach(async () => {
    setLocale('zh-CN');
    localStorage.clear();
    setMenus(null);
    await bridge.reset();
    server.resetHandlers(bridge.handler);
  }, 60_000);
  return bridge;
}
