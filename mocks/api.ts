/**
 * msw handlers speaking the platform's API with in-memory state: session calls (login, info,
 * logout, pemByUserAndApp) and the CRUD calls of every declared resource (list, detail,
 * saveOrUpdate, delete, key check), validated with the contract like the real server.
 *
 *   const api = createMockApi();
 *   const server = setupServer(...api.handlers);   // msw/node, in a test file
 *   api.state.requests  // what the console sent: method, path, query, body, token
 */
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { Code, codeMessages } from '../contract/codes';
import { impactCount } from '../contract/deleteImpact';
import { text } from '../contract/i18n';
import { uniqueRuleOf } from '../contract/entity';
import { validateEntity } from '../contract/validation';
import { localeFromHeader, type Locale } from '../contract/i18n';
import { MAX_PAGE_SIZE, parsePaging } from '../contract/paging';
import { TOKEN_HEADER } from '../contract/session';
import { DELETE_IMPACT_PATH, endpointOf, type ResourceDefinition } from '../resources/define';
import { resourceDefinitions } from '../resources/registry';
import { admin, appRows, BASE_APP_ID, buildMenuTree, dicItemRows, dicRows, paramRows, type MockUser } from './fixtures';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  token: string | null;
}

type Row = Record<string, unknown> & { id: number };

export interface MockApiOptions {
  users?: MockUser[];
  /** What pemByUserAndApp answers as `menus` (may use the `child` spelling). */
  menus?: unknown[];
  /** What pemByUserAndApp answers as `menuReading` (absent, as the platform's answer: not sent). */
  menuReading?: string;
  appId?: number;
  definitions?: readonly ResourceDefinition[];
  rows?: Record<string, Record<string, unknown>[]>;
  /** Tokens already valid, mapped to a user id (a workbench handoff). */
  tokens?: Record<string, number>;
}

export interface MockApiState {
  users: MockUser[];
  menus: unknown[];
  menuReading: string | undefined;
  appId: number;
  tokens: Map<string, number>;
  expiredTokens: Set<string>;
  rows: Map<string, Row[]>;
  requests: RecordedRequest[];
  /** When set, login answers 1009 (too many attempts). */
  throttled: boolean;
  /** When set, pemByUserAndApp fails with this code. */
  permissionFailure: number | null;
  /** When set, user/info answers `data: null`. */
  emptyInfo: boolean;
  /** The last login body as received (the password as sent over the wire). */
  lastLogin: { username: string; password: string } | null;
  /** Turns a valid token into an expired one (next calls answer 1007). */
  expire(token: string): void;
  /** What /dic/version answers: a test moves it to stand for a write made elsewhere. */
  dictionaryVersion: number;
}

const STATUS: Partial<Record<number, number>> = {
  [Code.VALIDATION_FAILED]: 400,
  [Code.NO_TOKEN]: 401,
  [Code.TOKEN_EXPIRED]: 401,
  [Code.FORBIDDEN]: 403,
  [Code.NOT_FOUND]: 404,
  [Code.DUPLICATE]: 409,
  [Code.LOGIN_FAILED]: 401,
  [Code.TOO_MANY_ATTEMPTS]: 429,
};

export const sha256Hex = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));

function ok(data: unknown) {
  return HttpResponse.json({ code: Code.OK, msg: 'success', data });
}

function fail(code: keyof typeof codeMessages | number, locale: Locale, msg?: string, data: unknown = null) {
  const text = msg ?? codeMessages[code as keyof typeof codeMessages]?.[locale] ?? `Error ${code}`;
  return HttpResponse.json({ code, msg: text, data }, { status: STATUS[code] ?? 400 });
}

/** What the console must send for the user's password: the hash set by a change, else the fixture's. */
function passwordHashOf(user: MockUser): string {
  return user.passwordHash ?? sha256Hex(user.password);
}

/** A JSON body's scalar values as text, as a query string would carry them. */
function stringValues(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  return Object.fromEntries(Object.entries(body).flatMap(([key, value]) => (value === null || value === undefined || typeof value === 'object' ? [] : [[key, String(value)]])));
}

function contains(haystack: unknown, needle: string): boolean {
  return String(haystack ?? '').toLowerCase().includes(needle.toLowerCase());
}

export function createMockApi(options: MockApiOptions = {}) {
  const definitions = options.definitions ?? resourceDefinitions;
  const initialRows: Record<string, Record<string, unknown>[]> = options.rows ?? { param: paramRows(), app: appRows(), dic: dicRows(), dicItem: dicItemRows() };
  const state: MockApiState = {
    // Copies: a password change must not leak into the next test's fixtures.
    users: (options.users ?? [admin]).map((user) => ({ ...user })),
    menus: options.menus ?? buildMenuTree({ definitions }),
    menuReading: options.menuReading,
    appId: options.appId ?? BASE_APP_ID,
    tokens: new Map(Object.entries(options.tokens ?? {})),
    expiredTokens: new Set(),
    rows: new Map(definitions.map((d) => [d.name, (initialRows[d.name] ?? []).map((r) => ({ ...r }) as Row)])),
    requests: [],
    throttled: false,
    permissionFailure: null,
    emptyInfo: false,
    lastLogin: null,
    dictionaryVersion: 1,
    expire(token) {
      state.tokens.delete(token);
      state.expiredTokens.add(token);
    },
  };
  let tokenCount = 0;

  interface Call {
    request: Request;
    query: Record<string, string>;
    body: unknown;
    locale: Locale;
    user: MockUser | undefined;
    token: string | null;
  }

  /** Reads and records the call; answers the envelope error when the token is missing or ended. */
  async function enter(request: Request, { open = false, sessionOnly = false } = {}): Promise<Call | Response> {
    const url = new URL(request.url);
    const query = Object.fromEntries(url.searchParams);
    const text = request.method === 'GET' ? '' : await request.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const token = request.headers.get(TOKEN_HEADER);
    const locale = localeFromHeader(request.headers.get('accept-language') ?? undefined);
    state.requests.push({ method: request.method, path: url.pathname, query, body, token });
    const userId = token ? state.tokens.get(token) : undefined;
    const user = state.users.find((u) => u.id === userId);
    if (!open) {
      if (token && state.expiredTokens.has(token)) return fail(Code.TOKEN_EXPIRED, locale);
      if (!user) return fail(Code.NO_TOKEN, locale);
      if (user.mustChangePassword && !sessionOnly) return fail(Code.PASSWORD_CHANGE_REQUIRED, locale);
    }
    return { request, query, body, locale, user, token };
  }

  const session: HttpHandler[] = [
    http.post('*/base/admin/user/login', async ({ request }) => {
      const call = await enter(request, { open: true });
      if (call instanceof Response) return call;
      const { username = '', password = '' } = (call.body ?? {}) as { username?: string; password?: string };
      state.lastLogin = { username, password };
      if (state.throttled) return fail(Code.TOO_MANY_ATTEMPTS, call.locale);
      const user = state.users.find((u) => u.username === username);
      if (!user || passwordHashOf(user) !== password) return fail(Code.LOGIN_FAILED, call.locale);
      const token = `token-${++tokenCount}`;
      state.tokens.set(token, user.id);
      return ok({ token, appId: state.appId, auth_router: state.menus, mustChangePassword: user.mustChangePassword === true });
    }),
    http.post('*/base/admin/user/changePwd', async ({ request }) => {
      const call = await enter(request, { sessionOnly: true });
      if (call instanceof Response) return call;
      const { oldPwd, newPwd } = (call.body ?? {}) as { oldPwd?: string; newPwd?: string };
      const user = call.user!;
      if (oldPwd !== passwordHashOf(user)) return fail(Code.LOGIN_FAILED, call.locale, call.locale === 'en-US' ? 'The current password is wrong' : '当前密码不正确');
      user.passwordHash = newPwd;
      user.mustChangePassword = false;
      return ok(null);
    }),
    http.post('*/base/admin/user/changeEmail', async ({ request }) => {
      const call = await enter(request, { sessionOnly: true });
      if (call instanceof Response) return call;
      const { pwd, email } = (call.body ?? {}) as { pwd?: string; email?: string };
      const user = call.user!;
      if (pwd !== passwordHashOf(user)) {
        const message = call.locale === 'en-US' ? 'The current password is wrong' : '原密码不正确';
        return fail(Code.LOGIN_FAILED, call.locale, message, { fields: { pwd: message } });
      }
      (user as { email?: string }).email = email;
      return ok(null);
    }),
    http.get('*/base/admin/user/info', async ({ request }) => {
      const call = await enter(request, { sessionOnly: true });
      if (call instanceof Response) return call;
      if (state.emptyInfo || !call.user) return ok(null);
      const { id, name, code, avatar } = call.user;
      return ok({ id, name, code, avatar });
    }),
    http.post('*/base/admin/user/logout', async ({ request }) => {
      const call = await enter(request, { sessionOnly: true });
      if (call instanceof Response) return call;
      if (call.token) state.tokens.delete(call.token);
      return ok(null);
    }),
    http.get('*/base/admin/permission/pemByUserAndApp', async ({ request }) => {
      const call = await enter(request, { sessionOnly: true });
      if (call instanceof Response) return call;
      if (state.permissionFailure !== null) return fail(state.permissionFailure, call.locale);
      return ok({ userInfo: { name: call.user?.name ?? '' }, menus: state.menus, ...(state.menuReading ? { menuReading: state.menuReading } : {}) });
    }),
  ];

  /** Ids are unique across resources, so a master and its detail sharing an endpoint tell their rows apart. */
  const nextId = () => Math.max(0, ...[...state.rows.values()].flat().map((r) => r.id)) + 1;

  /**
   * Whether a call to an endpoint shared by a master and its detail is this resource's, as the
   * server decides: a call naming rows is the detail's when they are; others when they name a master.
   */
  function isMine(definition: ResourceDefinition, params: Record<string, unknown>): boolean {
    const detail = definitions.find((d) => d !== definition && endpointOf(d) === endpointOf(definition) && d.parent) ?? (definition.parent ? definition : undefined);
    if (!detail || !definitions.some((d) => d !== detail && endpointOf(d) === endpointOf(detail))) return true;
    const ids = String(params.ids ?? params.id ?? '').split(',').filter(Boolean).map(Number);
    const detailRows = state.rows.get(detail.name) ?? [];
    const isDetail = ids.length > 0 ? ids.every((id) => detailRows.some((r) => r.id === id)) : !['', '0'].includes(String(params[detail.parent!.field] ?? '').trim());
    return isDetail === (definition === detail);
  }

  function crud(definition: ResourceDefinition): HttpHandler[] {
    const base = `*${endpointOf(definition)}`;
    const fields = Object.keys(definition.entity.fields);
    const rows = () => state.rows.get(definition.name) ?? [];
    const unique = definition.entity.unique;
    const order = definition.order?.field;
    const masterField = definition.parent?.field;
    /** The handler of this resource, or nothing (msw asks the next one) when the request is its sharer's. */
    const mine =
      (handler: (call: Call) => Response | Promise<Response>) =>
      async ({ request }: { request: Request }) => {
        const peek = request.clone();
        const url = new URL(peek.url);
        const text = peek.method === 'GET' ? '' : await peek.text();
        let body: unknown;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = undefined;
        }
        if (!isMine(definition, { ...Object.fromEntries(url.searchParams), ...((body ?? {}) as Record<string, unknown>) })) return undefined;
        const call = await enter(request);
        return call instanceof Response ? call : handler(call);
      };

    const list = async (call: Call) => {
      const { page, size } = parsePaging(call.query);
      let found = rows().filter((row) =>
        fields.every((field) => {
          const wanted = call.query[field];
          if (wanted === undefined || wanted === '') return true;
          return (definition.search as readonly string[]).includes(field) ? contains(row[field], wanted) : String(row[field]) === wanted;
        }),
      );
      const searchKey = call.query.searchKey;
      if (searchKey) found = found.filter((row) => definition.search.some((field) => contains(row[field], searchKey)));
      const [sortField, direction] = definition.sort[0] ?? ['id', 'asc'];
      found = [...found].sort((a, b) => (Number(a[sortField]) - Number(b[sortField])) * (direction === 'desc' ? -1 : 1) || a.id - b.id);
      // As the server: named records (at most a page's worth) come in one page whatever the paging.
      if (call.query.ids !== undefined) {
        const ids = call.query.ids.split(',');
        if (ids.length > MAX_PAGE_SIZE || !ids.every((id) => /^[1-9]\d{0,9}$/.test(id))) return fail(Code.VALIDATION_FAILED, call.locale);
        found = found.filter((row) => ids.includes(String(row.id)));
        return ok({ items: found, total: found.length });
      }
      return ok({ items: found.slice((page - 1) * size, page * size), total: found.length });
    };

    const remove = (call: Call) => {
      const params = { ...call.query, ...((call.body ?? {}) as Record<string, unknown>) };
      const ids = new Set(String(params.ids ?? '').split(',').filter(Boolean).map(Number));
      state.rows.set(definition.name, rows().filter((row) => !ids.has(row.id)));
      // A master's details go with it.
      for (const detail of definitions.filter((d) => d.parent?.resource === definition.name)) {
        state.rows.set(detail.name, (state.rows.get(detail.name) ?? []).filter((row) => !ids.has(Number(row[detail.parent!.field]))));
      }
      return ok(null);
    };

    /** As the server's generic part answers it: the name, and a master's details counted (no resource policies here). */
    const impact = (call: Call) => {
      const params = { ...call.query, ...((call.body ?? {}) as Record<string, unknown>) };
      const ids = String(params.ids ?? '').split(',').filter(Boolean).map(Number);
      const found = ids.map((id) => rows().find((row) => row.id === id));
      if (found.some((row) => !row)) return fail(Code.NOT_FOUND, call.locale);
      const details = definitions.filter((d) => d.parent?.resource === definition.name);
      const items = found.map((row) => ({
        id: row!.id,
        label: definition.labelField ? String(row![definition.labelField] ?? '') || null : null,
        counts: details
          .map((detail) => {
            const count = (state.rows.get(detail.name) ?? []).filter((r) => Number(r[detail.parent!.field]) === row!.id).length;
            return impactCount(count, text(`其下 {count} 条${detail.title['zh-CN']}将一并删除`, `${detail.title['en-US']} deleted with it: {count}`));
          })
          .filter((count) => count.count > 0),
      }));
      return ok({ items });
    };

    const save = (call: Call) => {
      const input = (call.body ?? {}) as Record<string, unknown>;
      const id = input.id === undefined || input.id === null || input.id === '' ? undefined : Number(input.id);
      const existing = id === undefined ? undefined : rows().find((r) => r.id === id);
      if (id !== undefined && !existing) return fail(Code.NOT_FOUND, call.locale);
      // An update keeps what it does not name, as the server does.
      const result = validateEntity(definition.entity, { ...existing, ...input }, call.locale);
      if (!result.ok) return fail(Code.VALIDATION_FAILED, call.locale, result.message, { fields: result.fields });
      const values = result.value as Record<string, unknown>;
      const taken = unique.find((rule) => rows().some((r) => r.id !== id && rule.fields.every((name) => (r[name] ?? null) === (values[name] ?? null))));
      if (taken) {
        const message = taken.duplicate[call.locale];
        return fail(Code.DUPLICATE, call.locale, message, { fields: { [taken.fields[taken.fields.length - 1]!]: message } });
      }
      if (!existing) {
        const siblings = rows().filter((r) => !masterField || r[masterField] === values[masterField]);
        const position = order ? { [order]: Math.max(0, ...siblings.map((r) => Number(r[order]))) + 1 } : {};
        const row: Row = { ...values, ...position, id: nextId() };
        state.rows.set(definition.name, [...rows(), row]);
        return ok(row);
      }
      const row: Row = { ...existing, ...values, ...(order ? { [order]: existing[order] } : {}), id: existing.id };
      state.rows.set(definition.name, rows().map((r) => (r.id === existing.id ? row : r)));
      return ok(row);
    };

    const handlers: HttpHandler[] = [
      http.get(`${base}/list`, mine(list)),
      // As the server: the parameters in the body too (a list with lookups is sent that way).
      http.post(`${base}/list`, mine((call) => list({ ...call, query: { ...call.query, ...stringValues(call.body) } }))),
      http.get(
        `${base}/detail`,
        mine((call) => {
          const row = rows().find((r) => r.id === Number(call.query.id));
          return row ? ok(row) : fail(Code.NOT_FOUND, call.locale);
        }),
      ),
      http.post(`${base}/saveOrUpdate`, mine(save)),
      http.get(`${base}/delete`, mine(remove)),
      http.post(`${base}/delete`, mine(remove)),
      http.get(`${base}/${DELETE_IMPACT_PATH}`, mine(impact)),
    ];
    if (order && masterField) {
      handlers.push(
        http.post(
          `${base}/move`,
          mine((call) => {
            const { id, direction } = (call.body ?? {}) as { id?: number; direction?: string };
            const row = rows().find((r) => r.id === Number(id));
            if (!row) return fail(Code.NOT_FOUND, call.locale);
            const siblings = rows()
              .filter((r) => r[masterField] === row[masterField])
              .sort((a, b) => Number(a[order]) - Number(b[order]));
            const neighbour = siblings[siblings.indexOf(row) + (direction === 'up' ? -1 : 1)];
            if (!neighbour) return ok({ moved: false });
            [row[order], neighbour[order]] = [neighbour[order], row[order]];
            return ok({ moved: true });
          }),
        ),
      );
    }
    if (definition.keyCheck) {
      const { path, param } = definition.keyCheck;
      handlers.push(
        http.get(
          `${base}/${path}`,
          mine((call) => {
            const id = call.query.id ? Number(call.query.id) : undefined;
            const within = uniqueRuleOf(definition.entity, param)?.fields.slice(0, -1) ?? [];
            return ok(!rows().some((r) => String(r[param]) === call.query[param] && r.id !== id && within.every((name) => String(r[name]) === call.query[name])));
          }),
        ),
      );
    }
    return handlers;
  }

  /** The dictionary reads (server/dic): items of a dictionary by key, and the version keying them. */
  const dictionaryReads: HttpHandler[] = [
    http.get('*/base/admin/dic/version', async ({ request }) => {
      const call = await enter(request);
      return call instanceof Response ? call : ok(state.dictionaryVersion);
    }),
    http.get('*/base/admin/dic/ListByKey', async ({ request }) => {
      const call = await enter(request);
      if (call instanceof Response) return call;
      const dictionary = (state.rows.get('dic') ?? []).find((d) => d.dicKey === call.query.dicKey);
      const items = (state.rows.get('dicItem') ?? [])
        .filter((item) => dictionary && item.parentId === dictionary.id)
        .filter((item) => call.query.all === '1' || item.openStatus === 1)
        .sort((a, b) => Number(a.sortNum) - Number(b.sortNum))
        .map(({ name, dicKey, sortNum, openStatus }) => ({ name, dicKey, sortNum, ...(call.query.all === '1' ? { openStatus } : {}) }));
      return ok(items);
    }),
  ];

  const handlers: HttpHandler[] = [...session, ...dictionaryReads, ...definitions.flatMap(crud)];

  /** Signs a user in without the login screen (a handoff token); answers the token. */
  function issueToken(user: MockUser = state.users[0] ?? admin): string {
    const token = `token-${++tokenCount}`;
    state.tokens.set(token, user.id);
    return token;
  }

  return { handlers, state, issueToken };
}

export type MockApi = ReturnType<typeof createMockApi>;
