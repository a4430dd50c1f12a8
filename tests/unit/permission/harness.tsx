/**
 * Renders the menu/permission page inside Refine with the real providers; requests go to msw:
 * the session and sub-system calls of mocks/api.ts and the permission calls of mocks/permission.ts.
 */
import { mockApisPerTest, replaceApis as replaceHolderApis } from '../mockApis';
import { renderInConsole } from '../renderInConsole';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { createMockApi, type MockApi } from '../../../mocks/api';
import { createPermissionMockApi, type PermissionMockApi } from '../../../mocks/permission';
import { permissionApps, permissionMenus, type PermissionMenuOptions } from '../../../mocks/permissionFixtures';
import PermissionPage from '../../../resources/permission/PermissionPage';
import { installAntdStaticRender } from '../../../src/layout/antdStaticRender';
import type { PageRoute } from '../../../src/routing/navigation';

// As main.tsx does: antd's toasts render with React 19's root API.
installAntdStaticRender();

export const server = setupServer();
export const slow = { timeout: 10000 };
export const user = () => userEvent.setup({ pointerEventsCheck: 0 });

export interface Apis {
  session: MockApi;
  permissions: PermissionMockApi;
}

function createApis(options: PermissionMenuOptions = {}): Apis {
  return {
    session: createMockApi({ menus: permissionMenus(options), rows: { app: permissionApps(), param: [] } }),
    permissions: createPermissionMockApi(),
  };
}

const handlersOf = (apis: Apis) => [...apis.permissions.handlers, ...apis.session.handlers];

/** Starts msw for the file and resets language, storage and both mock APIs before each test. */
export function setUpPermissionApi(): { current: Apis } {
  return mockApisPerTest(server, () => createApis(), handlersOf);
}

/** Other grants for the current test. */
export function replaceApis(holder: { current: Apis }, options: PermissionMenuOptions): Apis {
  return replaceHolderApis(server, holder, createApis(options), handlersOf);
}

const route: PageRoute = {
  menuId: 801,
  path: '/system/permission',
  component: 'permission',
  resource: 'permission',
  identifier: 'permission',
  title: '菜单权限',
  icon: 'menu',
};

/** Opens the page at /system/permission (plus `search`, e.g. `?appId=2`), signed in. */
export function renderPermissionPage(apis: Apis, search = '') {
  return renderInConsole(<PermissionPage route={route} />, {
    token: apis.session.issueToken(),
    path: `${route.path}${search}`,
    resource: { name: 'permission', label: route.title },
  });
}

/** The request paths the page sent (below /base/admin). */
export function sentPaths(apis: Apis): string[] {
  return apis.permissions.state.requests.map((r) => r.path.replace('/base/admin', ''));
}
