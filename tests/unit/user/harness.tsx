/**
 * Renders the person list inside Refine with the real providers; requests go to msw (the session
 * calls of mocks/api.ts and the staff calls of ./userMockApi.ts).
 */
import { mockApisPerTest, replaceApis } from '../mockApis';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import message from 'antd/es/message';
import { afterEach } from 'vitest';
import UserPage from '../../../resources/user/UserPage';
import { installAntdStaticRender } from '../../../src/layout/antdStaticRender';
import type { PageRoute } from '../../../src/routing/navigation';
import { renderInConsole } from '../renderInConsole';
import { createUserMockApi, type UserMockApi, type UserMockOptions } from './userMockApi';

// As main.tsx does: antd's toasts render with React 19's root API.
installAntdStaticRender();

export const server = setupServer();
export const slow = { timeout: 8000 };
export const user = () => userEvent.setup({ pointerEventsCheck: 0 });

/** Starts msw for the file; before each test, Chinese, empty storage and a fresh mock API. */
export function setUpUserApi(): { current: UserMockApi } {
  // Toasts live outside the rendered tree: one test's must not answer the next one's question.
  afterEach(() => message.destroy());
  return mockApisPerTest(server, () => createUserMockApi(), handlersOf);
}

const handlersOf = (api: UserMockApi) => api.handlers;

/** Another mock API (grants, rows, refusals) for the current test. */
export function replaceUserApi(holder: { current: UserMockApi }, options: UserMockOptions): UserMockApi {
  return replaceApis(server, holder, createUserMockApi(options), handlersOf);
}

const route: PageRoute = {
  menuId: 2,
  path: '/organisation/user',
  component: 'user',
  resource: 'user',
  identifier: 'user',
  title: '人员列表',
  icon: 'user',
};

export function renderUserPage(api: UserMockApi) {
  return renderInConsole(<UserPage route={route} />, {
    token: api.session.issueToken(),
    path: route.path,
    resource: { name: 'user', label: route.title },
  });
}

/** The table's body rows as arrays of cell texts. */
export function bodyRows(): string[][] {
  // antd's rows only: not its hidden measure row nor its empty placeholder. The stuck header is a
  // table of its own, with the same name and no rows.
  return [...document.querySelectorAll('table[aria-label="人员列表"] tbody tr.ant-table-row')]
    .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''));
}
