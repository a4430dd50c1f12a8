/**
 * The person list's calls over msw, on top of createMockApi (session calls): staff list, detail,
 * phone check, save (validated with the contract like the real server), enable, reset, delete,
 * departments and roles. Every call is recorded in the session API's `state.requests`.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { Code } from '../../../contract/codes';
import { validateEntity } from '../../../contract/validation';
import { staffEntity, type StaffListRow } from '../../../contract/entities/staff';
import { localeFromHeader } from '../../../contract/i18n';
import { MenuType, type PermissionNode } from '../../../contract/menu';
import { parsePaging } from '../../../contract/paging';
import { TOKEN_HEADER } from '../../../contract/session';
import { createMockApi, type MockApi } from '../../../mocks';
import { offices, roles, staffRecord, staffRows } from './staffFixtures';

export const USER_ACTIONS = ['create', 'edit', 'enable', 'resetPwd', 'delete'] as const;

function node(partial: Partial<PermissionNode> & Pick<PermissionNode, 'id' | 'parentId' | 'name' | 'menuType'>): PermissionNode {
  return { appId: 1, sort: 0, path: '', url: '', icon: '', code: '', children: [], ...partial };
}

/** Organisation → person list → the page elements `user:<action>` that `grant` allows. */
export function userMenus(grant: (action: string) => boolean = () => true): PermissionNode[] {
  const menu = node({ id: 2, parentId: 1, name: '人员列表', menuType: MenuType.MENU, path: '/organisation/user', url: 'user' });
  USER_ACTIONS.filter(grant).forEach((action, i) =>
    menu.children.push(node({ id: 10 + i, parentId: 2, name: action, menuType: MenuType.PAGE_ELEMENT, code: `user:${action}` })),
  );
  return [node({ id: 1, parentId: 0, name: '组织管理', menuType: MenuType.NAVIGATION, path: '/organisation', url: 'organisation', children: [menu] })];
}

export interface UserMockOptions {
  grant?: (action: string) => boolean;
  rows?: StaffListRow[];
  /** Answer /user/enable with this refusal. */
  enableRefusal?: { code: number; msg: string };
}

const ok = (data: unknown) => HttpResponse.json({ code: Code.OK, msg: 'success', data });
const fail = (code: number, msg: string, data: unknown = null) => HttpResponse.json({ code, msg, data }, { status: 400 });

export function createUserMockApi({ grant, rows = staffRows(), enableRefusal }: UserMockOptions = {}) {
  const session: MockApi = createMockApi({ definitions: [], rows: {}, menus: userMenus(grant) });
  const state = { rows: rows.map((row) => ({ ...row })), saved: [] as unknown[] };

  async function enter(request: Request) {
    const url = new URL(request.url);
    const query = Object.fromEntries(url.searchParams);
    const text = request.method === 'GET' ? '' : await request.text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    const token = request.headers.get(TOKEN_HEADER);
    session.state.requests.push({ method: request.method, path: url.pathname, query, body, token });
    const allowed = !!token && session.state.tokens.has(token);
    return { query, body: body ?? {}, allowed, locale: localeFromHeader(request.headers.get('accept-language') ?? undefined) };
  }
  const denied = () => fail(Code.NO_TOKEN, '请先登录');
  const contains = (value: unknown, wanted: unknown) => !wanted || String(value ?? '').includes(String(wanted));

  const handlers: HttpHandler[] = [
    http.post('*/base/admin/user/list', async ({ request }) => {
      const call = await enter(request);
      if (!call.allowed) return denied();
      const { page, size } = parsePaging(call.body);
      const { code, name, telephone, officeId, roleIds } = call.body as Record<string, string | number | undefined>;
      const wantedRoles = String(roleIds ?? '').split(',').filter(Boolean).map(Number);
      const found = state.rows.filter(
        (row) =>
          contains(row.code, code) &&
          contains(row.name, name) &&
          contains(row.telephone, telephone) &&
          (officeId === undefined || row.officeId === Number(officeId)) &&
          (wantedRoles.length === 0 || row.roles.some((role) => wantedRoles.includes(role.id))),
      );
      return ok({ items: found.slice((page - 1) * size, page * size).map((row, i) => ({ ...row, idx: i + 1 + (page - 1) * size })), total: found.length });
    }),
    http.get('*/base/admin/user/detail', async ({ request }) => {
      const call = await enter(request);
      if (!call.allowed) return denied();
      const row = state.rows.find((r) => r.id === Number(call.query.id));
      if (!row) return fail(Code.NOT_FOUND, '记录不存在');
      const { idx: _idx, officeName: _o, adminFlag: _a, roles: held, censusRegionName: _c, ...userCenter } = row;
      return ok({ userCenter: { ...staffRecord(), ...userCenter }, userExtend: null, roleIds: held.map((r) => r.id).join(',') });
    }),
    http.get('*/base/admin/user/valid/telephone', async ({ request }) => {
      const call = await enter(request);
      if (!call.allowed) return denied();
      const { telephone, userId } = call.query;
      return ok(!state.rows.some((row) => row.telephone === telephone && String(row.id) !== userId));
    }),
    http.post('*/base/admin/user/saveOrUpdate', async ({ request }) => {
      const call = await enter(request);
      if (!call.allowed) return denied();
      const userCenter = (call.body.userCenter ?? {}) as Record<string, unknown>;
      const result = validateEntity(staffEntity, userCenter, call.locale);
      if (!result.ok) return fail(Code.VALIDATION_FAILED, result.message, { fields: result.fields });
      state.saved.push(call.body);
      return ok(null);
    }),
    http.get('*/base/admin/user/enable', async ({ request }) => {
      const call = await enter(request);
      if (!call.allowed) return denied();
      if (enableRefusal) return fail(enableRefusal.code, enableRefusal.msg);
      const ids = call.query.ids!.split(',').map(Number);
      state.rows = state.rows.map((row) => (ids.includes(row.id) ? { ...row, isEnable: call.query.isEnable as '1' | '0' } : row));
      return ok(null);
    }),
    http.get('*/base/admin/user/resetPwd', async ({ request }) => {
      const call = await enter(request);
      return call.allowed ? ok(null) : denied();
    }),
    http.get('*/base/admin/user/delete', async ({ request }) => {
      const call = await enter(request);
      if (!call.allowed) return denied();
      const ids = call.query.ids!.split(',').map(Number);
      state.rows = state.rows.filter((row) => !ids.includes(row.id));
      return ok(null);
    }),
    http.get('*/base/admin/office/list', async ({ request }) => ((await enter(request)).allowed ? ok(offices()) : denied())),
    http.get('*/base/admin/role/list', async ({ request }) => ((await enter(request)).allowed ? ok({ items: roles(), total: roles().length }) : denied())),
  ];

  return { session, state, handlers: [...handlers, ...session.handlers] };
}

export type UserMockApi = ReturnType<typeof createUserMockApi>;

/** The calls the screen sent to `path` (below /base/admin, e.g. '/user/list'). */
export function sent(api: UserMockApi, path: string) {
  return api.session.state.requests.filter((r) => r.path === `/base/admin${path}`);
}
