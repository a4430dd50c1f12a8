/**
 * Renders the person list inside Refine with the real providers, against the real app
 * (mocks/bridge). Before each test, through the real calls: departments 研发部 (with 前端组) and
 * 市场部, roles 运营 and 客服 beside the seeded 超级管理员, and two staff members: 张三 (研发部,
 * 超级管理员 and 运营) and 李四 (disabled, no department, no role). The list shows the newest
 * first: 张三, 李四, then the seeded administrator.
 */
import type { LiveProvider } from '@refinedev/core';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import message from 'antd/es/message';
import { afterEach, beforeEach } from 'vitest';
import type { Staff } from '../../../contract/entities/staff';
import type { Bridge } from '../../../mocks/bridge';
import UserPage from '../../../resources/user/UserPage';
import { installAntdStaticRender } from '../../../src/layout/antdStaticRender';
import type { PageRoute } from '../../../src/routing/navigation';
import { bridgePerFile } from '../bridgePerFile';
import { renderInConsole } from '../renderInConsole';
import { staffRecord } from './staffFixtures';

// As main.tsx does: antd's toasts render with React 19's root API.
installAntdStaticRender();

export const server = setupServer();
export const slow = { timeout: 8000 };
export const user = () => userEvent.setup({ pointerEventsCheck: 0 });

export interface People {
  bridge: Bridge;
  /** Whose session the page is rendered with (the administrator unless `signInWith`). */
  token: string;
  /** Ids by name: staff (张三, 李四), offices (研发部, 前端组, 市场部), roles (超级管理员, 运营, 客服). */
  staff: Record<string, number>;
  office: Record<string, number>;
  role: Record<string, number>;
}

/** Saves a staff member through the real dialog call; answers their id. */
export async function saveStaff(bridge: Bridge, userCenter: Partial<Staff>, roleIds: number[] = []): Promise<number> {
  const { id: _id, ...values } = userCenter;
  await bridge.call('POST', '/base/admin/user/saveOrUpdate', { body: { userCenter: values, roleIds: roleIds.join(',') } });
  const { id } = await bridge.db.selectFrom('user').select('id').where('code', '=', String(values.code)).executeTakeFirstOrThrow();
  return id;
}

async function savePeople(bridge: Bridge): Promise<People> {
  const office: Record<string, number> = {};
  const saveOffice = async (name: string, type: number, parentId: number) => {
    office[name] = (await bridge.save<{ id: number }>('/base/admin/office', { name, type, parentId, remark: '' })).id;
  };
  await saveOffice('研发部', 1, 0);
  await saveOffice('前端组', 2, office['研发部']!);
  await saveOffice('市场部', 1, 0);
  const superAdmin = await bridge.db.selectFrom('role').select('id').where('roleKey', '=', 'superAdmin').executeTakeFirstOrThrow();
  const role: Record<string, number> = { 超级管理员: superAdmin.id };
  for (const [index, [roleKey, name]] of [['ops', '运营'], ['service', '客服']].entries()) {
    role[name!] = (await bridge.save<{ id: number }>('/base/admin/role', { sortNum: 2 + index, roleKey, name, appId: 1, roleType: 2, isEnable: '1', description: null })).id;
  }
  const staff: Record<string, number> = {};
  // Saved oldest first: the list shows the newest first.
  staff['李四'] = await saveStaff(bridge, staffRecord({ name: '李四', code: 'ls002', telephone: '13800000002', sex: 2, card: '11010519491231002X', isEnable: '0', officeId: null }));
  // A record from before the census address was required, without one nor a school: stored as such.
  await bridge.db.updateTable('user').set({ censusProvince: null, censusCity: null, censusArea: null, censusAddress: null, graduatedSchool: null }).where('id', '=', staff['李四']).execute();
  staff['张三'] = await saveStaff(bridge, staffRecord({ officeId: office['研发部']! }), [role['超级管理员']!, role['运营']!]);
  return { bridge, token: bridge.token, staff, office, role };
}

/** Starts msw in front of the real app for the file; fresh people before each test. */
export function setUpUserApi(): { current: People } {
  // Toasts live outside the rendered tree: one test's must not answer the next one's question.
  afterEach(() => message.destroy());
  const bridge = bridgePerFile(server);
  const holder = {} as { current: People };
  beforeEach(async () => {
    holder.current = await savePeople(bridge);
  });
  return holder;
}

/** Renders as a staff member whose role holds only the page elements `grant` lets through. */
export async function signInWith(holder: { current: People }, grant: (code: string) => boolean): Promise<void> {
  await holder.current.bridge.createUser({ code: 'clerk', grant });
  holder.current.token = await holder.current.bridge.tokenOf('clerk');
}

/** The calls the screen sent to `path` (below /base/admin, e.g. '/user/list'). */
export function sent(people: People, path: string) {
  return people.bridge.requests.filter((r) => r.path === `/base/admin${path}`);
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

export function renderUserPage(people: People, { liveProvider }: { liveProvider?: LiveProvider } = {}) {
  return renderInConsole(<UserPage route={route} />, {
    token: people.token,
    path: route.path,
    resource: { name: 'user', label: route.title },
    liveProvider,
  });
}

/** The table's body rows as arrays of cell texts. */
export function bodyRows(): string[][] {
  // antd's rows only: not its hidden measure row nor its empty placeholder. The stuck header is a
  // table of its own, with the same name and no rows.
  return [...document.querySelectorAll('table[aria-label="人员列表"] tbody tr.ant-table-row')]
    .map((row) => [...row.querySelectorAll('td:not(.ant-table-selection-column)')].map((cell) => cell.textContent ?? ''));
}
