/**
 * msw handlers for the menu/permission calls, with in-memory rows and the contract's validation
 * (as the real server does). Sessions and the sub-system list come from ./api:
 *
 *   const api = createMockApi({ menus: permissionMenus(), rows: { app: permissionApps() } });
 *   const permissions = createPermissionMockApi();
 *   server.resetHandlers(...permissions.handlers, ...api.handlers);
 *   permissions.state.requests  // what the page sent
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { Code, codeMessages } from '../contract/codes';
import { apiElementEntity, directoryEntity, pageElementEntity } from '../contract/entities/menu';
import type { Entity } from '../contract/entity';
import { validateEntity } from '../contract/validation';
import { localeFromHeader, type Locale } from '../contract/i18n';
import { buildTree, hasMenuType, isDirectoryType, MenuType, readingRules, ROOT_ID } from '../contract/menu';
import { TOKEN_HEADER } from '../contract/session';
import { permissionAppReading, permissionRows, type PermissionRow } from './permissionFixtures';

export interface PermissionRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export interface PermissionMockState {
  rows: PermissionRow[];
  requests: PermissionRequest[];
}

function ok(data: unknown) {
  return HttpResponse.json({ code: Code.OK, msg: 'success', data });
}

function fail(code: number, locale: Locale, msg?: string, data: unknown = null) {
  const text = msg ?? codeMessages[code as keyof typeof codeMessages]?.[locale] ?? `Error ${code}`;
  return HttpResponse.json({ code, msg: text, data }, { status: code === Code.NOT_FOUND ? 404 : 400 });
}

export function createPermissionMockApi(rows: PermissionRow[] = permissionRows()) {
  const state: PermissionMockState = { rows: rows.map((r) => ({ ...r })), requests: [] };

  async function enter(request: Request) {
    const url = new URL(request.url);
    const query = Object.fromEntries(url.searchParams);
    const text = request.method === 'GET' ? '' : await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    state.requests.push({ method: request.method, path: url.pathname, query, body });
    const locale = localeFromHeader(request.headers.get('accept-language') ?? undefined);
    return { query, body: (body ?? {}) as Record<string, unknown>, locale, signedIn: !!request.headers.get(TOKEN_HEADER) };
  }

  /** `id` and every node below it. */
  function subtree(id: number): Set<number> {
    const ids = new Set([id]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const row of state.rows) {
        if (ids.has(row.parentId) && !ids.has(row.id)) {
          ids.add(row.id);
          grew = true;
        }
      }
    }
    return ids;
  }

  function remove(idsParam: string | undefined) {
    const doomed = new Set<number>();
    for (const id of (idsParam ?? '').split(',').filter(Boolean).map(Number)) for (const each of subtree(id)) doomed.add(each);
    state.rows = state.rows.filter((row) => !doomed.has(row.id));
  }

  /** The app's home page other than `exceptId`, in a reading that has one. */
  const hasHome = (appId: number, exceptId?: number) => {
    const { homeType } = readingRules[permissionAppReading(appId)];
    return homeType !== undefined && state.rows.some((r) => r.appId === appId && r.menuType === homeType && r.id !== exceptId);
  };

  function upsert(entity: Entity, input: Record<string, unknown>, locale: Locale, extra: Partial<PermissionRow>) {
    const result = validateEntity(entity, input, locale);
    if (!result.ok) return fail(Code.VALIDATION_FAILED, locale, result.message, { fields: result.fields });
    const values = { ...(result.value as Partial<PermissionRow>), ...extra };
    const id = input.id === undefined || input.id === null ? undefined : Number(input.id);
    if (values.menuType === readingRules[permissionAppReading(Number(values.appId))].homeType && hasHome(Number(values.appId), id)) {
      return fail(Code.CONFLICT, locale, locale === 'en-US' ? 'This sub-system already has a home page' : '该子系统已有首页');
    }
    if (id === undefined) {
      const defaults: Omit<PermissionRow, 'id' | 'parentId' | 'appId' | 'name' | 'menuType'> = { sort: 1, path: '', url: '', icon: '', code: '' };
      const row = { ...defaults, ...values, id: Math.max(0, ...state.rows.map((r) => r.id)) + 1 } as PermissionRow;
      state.rows.push(row);
      return ok(row);
    }
    const existing = state.rows.find((r) => r.id === id);
    if (!existing) return fail(Code.NOT_FOUND, locale);
    Object.assign(existing, values);
    return ok(existing);
  }

  const base = '*/base/admin';
  const handlers: HttpHandler[] = [
    http.get(`${base}/permission/filterTree`, async ({ request }) => {
      const call = await enter(request);
      if (!call.signedIn) return fail(Code.NO_TOKEN, call.locale);
      const appId = Number(call.query.appId);
      return ok(buildTree(state.rows.filter((r) => r.appId === appId && isDirectoryType(permissionAppReading(appId), r.menuType))));
    }),
    http.get(`${base}/permission/detail`, async ({ request }) => {
      const call = await enter(request);
      const row = state.rows.find((r) => r.id === Number(call.query.id));
      return row ? ok(row) : fail(Code.NOT_FOUND, call.locale);
    }),
    http.get(`${base}/permission/validMenuType`, async ({ request }) => {
      const call = await enter(request);
      const id = call.query.id ? Number(call.query.id) : undefined;
      const appId = Number(call.query.appId);
      const menuType = Number(call.query.menuType);
      if (!hasMenuType(permissionAppReading(appId), menuType)) return ok(false);
      return ok(menuType !== readingRules[permissionAppReading(appId)].homeType || !hasHome(appId, id));
    }),
    http.post(`${base}/permission/saveOrUpdate`, async ({ request }) => {
      const call = await enter(request);
      return upsert(directoryEntity, call.body, call.locale, {});
    }),
    http.get(`${base}/permission/delete`, async ({ request }) => {
      const call = await enter(request);
      remove(call.query.ids);
      return ok(null);
    }),
    http.post(`${base}/menu/saveOrUpdate`, async ({ request }) => {
      const call = await enter(request);
      const menuType = Number(call.body.menuType);
      if (menuType === MenuType.PAGE_ELEMENT) return upsert(pageElementEntity, call.body, call.locale, { menuType });
      if (menuType === MenuType.API) return upsert(apiElementEntity, call.body, call.locale, { menuType });
      return fail(Code.VALIDATION_FAILED, call.locale, 'menuType', { fields: { menuType: 'menuType' } });
    }),
    http.post(`${base}/menu/list`, async ({ request }) => {
      const call = await enter(request);
      const parentId = Number(call.body.parentId ?? ROOT_ID);
      const menuType = Number(call.body.menuType);
      const items = state.rows.filter((r) => r.parentId === parentId && r.menuType === menuType).sort((a, b) => a.sort - b.sort || a.id - b.id);
      return ok({ items, total: items.length });
    }),
    http.get(`${base}/menu/delete`, async ({ request }) => {
      const call = await enter(request);
      remove(call.query.ids);
      return ok(null);
    }),
  ];

  return { handlers, state };
}

export type PermissionMockApi = ReturnType<typeof createPermissionMockApi>;
