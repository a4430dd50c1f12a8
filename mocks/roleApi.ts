/**
 * msw handlers for the role screen's own calls, on top of createMockApi (which serves the role
 * and app CRUD calls): the permission tree of an app with a role's grants, saving grants, and
 * the role key check within an app.
 *
 *   const api = createMockApi({ definitions: [appResource, roleResource], rows: { app: roleApps(), role: roleRows() } });
 *   const roles = createRoleMockApi(api, { refusals: { 1: { code: 1011, msg: '…' } } });
 *   server.resetHandlers(...roles.handlers, ...api.handlers);   // the role handlers first
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { Code } from '../contract/codes';
import type { PermissionNode } from '../contract/menu';
import { TOKEN_HEADER } from '../contract/session';
import type { MockApi } from './api';
import { permissionTrees, roleGrants } from './roleFixtures';

export interface RoleMockOptions {
  /** App id → its whole tree (without `checked`). */
  trees?: Record<number, PermissionNode[]>;
  /** Role id → the permission ids it holds. */
  grants?: Record<number, number[]>;
  /** Role id → the refusal /rolePermission/save answers for it (e.g. 1003, 1011). */
  refusals?: Record<number, { code: number; msg: string }>;
}

export interface RoleMockState {
  trees: Record<number, PermissionNode[]>;
  grants: Map<number, Set<number>>;
}

function ok(data: unknown) {
  return HttpResponse.json({ code: Code.OK, msg: 'success', data });
}

function fail(code: number, msg: string) {
  return HttpResponse.json({ code, msg, data: null }, { status: code === Code.FORBIDDEN ? 403 : code === Code.NO_TOKEN ? 401 : 409 });
}

function withChecked(nodes: readonly PermissionNode[], held: ReadonlySet<number>): PermissionNode[] {
  return nodes.map((node) => ({ ...node, checked: held.has(node.id), children: withChecked(node.children, held) }));
}

export function createRoleMockApi(api: MockApi, options: RoleMockOptions = {}) {
  const state: RoleMockState = {
    trees: options.trees ?? permissionTrees(),
    grants: new Map(Object.entries(options.grants ?? roleGrants()).map(([roleId, ids]) => [Number(roleId), new Set(ids)])),
  };

  /** Records the call as createMockApi does; answers 1002 without a valid token. */
  async function enter(request: Request): Promise<{ params: Record<string, string> } | Response> {
    const url = new URL(request.url);
    const query = Object.fromEntries(url.searchParams);
    const text = request.method === 'GET' ? '' : await request.text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    const token = request.headers.get(TOKEN_HEADER);
    api.state.requests.push({ method: request.method, path: url.pathname, query, body, token });
    if (!token || !api.state.tokens.has(token)) return fail(Code.NO_TOKEN, '请先登录');
    const params = { ...query, ...Object.fromEntries(Object.entries(body ?? {}).map(([k, v]) => [k, String(v)])) };
    return { params };
  }

  const save = async ({ request }: { request: Request }) => {
    const call = await enter(request);
    if (call instanceof Response) return call;
    const roleId = Number(call.params.roleId);
    const refusal = options.refusals?.[roleId];
    if (refusal) return fail(refusal.code, refusal.msg);
    const ids = (call.params.permissionIds ?? '').split(',').filter(Boolean).map(Number);
    state.grants.set(roleId, new Set(ids));
    return ok(null);
  };

  const handlers: HttpHandler[] = [
    http.get('*/base/admin/permission/tree', async ({ request }) => {
      const call = await enter(request);
      if (call instanceof Response) return call;
      const tree = state.trees[Number(call.params.appId)] ?? [];
      return ok(withChecked(tree, state.grants.get(Number(call.params.roleId)) ?? new Set()));
    }),
    http.get('*/base/admin/rolePermission/save', save),
    http.post('*/base/admin/rolePermission/save', save),
    // A role key is unique within its app.
    http.get('*/base/admin/role/validateKey', async ({ request }) => {
      const call = await enter(request);
      if (call instanceof Response) return call;
      const { roleKey, appId, id } = call.params;
      const rows = api.state.rows.get('role') ?? [];
      return ok(!rows.some((row) => row.roleKey === roleKey && String(row.appId) === appId && String(row.id) !== id));
    }),
  ];

  return { handlers, state };
}

export type RoleMockApi = ReturnType<typeof createRoleMockApi>;
