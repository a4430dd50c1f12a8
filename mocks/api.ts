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
import { validateEntity } from '../contract/entity';
import { localeFromHeader, type Locale } from '../contract/i18n';
import { parsePaging } from '../contract/paging';
import { TOKEN_HEADER } from '../contract/session';
import { endpointOf, type ResourceDefinition } from '../resources/define';
import { resourceDefinitions } from '../resources/registry';
import { admin, appRows, BASE_APP_ID, buildMenuTree, paramRows, type MockUser } from './fixtures';

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
  appId?: number;
  definitions?: readonly ResourceDefinition[];
  rows?: Record<string, Record<string, unknown>[]>;
  /** Tokens already valid, mapped to a user id (a workbench handoff). */
  tokens?: Record<string, number>;
}

export interface MockApiState {
  users: MockUser[];
  menus: unknown[];
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

function contains(haystack: unknown, needle: string): boolean {
  return String(haystack ?? '').toLowerCase().includes(needle.toLowerCase());
}

export function createMockApi(options: MockApiOptions = {}) {
  const definitions = options.definitions ?? resourceDefinitions;
  const initialRows: Record<string, Record<string, unknown>[]> = options.rows ?? { param: paramRows(), app: appRows() };
  const state: MockApiState = {
    // Copies: a password change must not leak into the next test's fixtures.
    users: (options.users ?? [admin]).map((user) => ({ ...user })),
    menus: options.menus ?? buildMenuTree({ definitions }),
    appId: options.appId ?? BASE_APP_ID,
    tokens: new Map(Object.entries(options.tokens ?? {})),
    expiredTokens: new Set(),
    rows: new Map(definitions.map((d) => [d.name, (initialRows[d.name] ?? []).map((r) => ({ ...r }) as Row)])),
    requests: [],
    throttled: false,
    permissionFailure: null,
    emptyInfo: false,
    lastLogin: null,
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
      return ok({ userInfo: { name: call.user?.name ?? '' }, menus: state.menus });
    }),
  ];

  function crud(definition: ResourceDefinition): HttpHandler[] {
    const base = `*${endpointOf(definition)}`;
    const fields = Object.keys(definition.entity.fields);
    const rows = () => state.rows.get(definition.name) ?? [];
    const unique = definition.entity.unique;

    const list = async ({ request }: { request: Request }) => {
      const call = await enter(request);
      if (call instanceof Response) return call;
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
      const [sortField, order] = definition.sort[0] ?? ['id', 'asc'];
      found = [...found].sort((a, b) => (Number(a[sortField]) - Number(b[sortField])) * (order === 'desc' ? -1 : 1) || a.id - b.id);
      return ok({ items: found.slice((page - 1) * size, page * size), total: found.length });
    };

    const remove = async ({ request }: { request: Request }) => {
      const call = await enter(request);
      if (call instanceof Response) return call;
      const ids = new Set((call.query.ids ?? '').split(',').filter(Boolean).map(Number));
      state.rows.set(definition.name, rows().filter((row) => !ids.has(row.id)));
      return ok(null);
    };

    const handlers: HttpHandler[] = [
      http.get(`${base}/list`, list),
      http.get(`${base}/detail`, async ({ request }) => {
        const call = await enter(request);
        if (call instanceof Response) return call;
        const row = rows().find((r) => r.id === Number(call.query.id));
        return row ? ok(row) : fail(Code.NOT_FOUND, call.locale);
      }),
      http.post(`${base}/saveOrUpdate`, async ({ request }) => {
        const call = await enter(request);
        if (call instanceof Response) return call;
        const input = (call.body ?? {}) as Record<string, unknown>;
        const result = validateEntity(definition.entity, input, call.locale);
        if (!result.ok) return fail(Code.VALIDATION_FAILED, call.locale, result.message, { fields: result.fields });
        const id = input.id === undefined || input.id === null || input.id === '' ? undefined : Number(input.id);
        const values = result.value as Record<string, unknown>;
        if (unique && rows().some((r) => r[unique.field] === values[unique.field] && r.id !== id)) {
          return fail(Code.DUPLICATE, call.locale, unique.duplicate[call.locale], { fields: { [unique.field]: unique.duplicate[call.locale] } });
        }
        if (id === undefined) {
          const row: Row = { ...values, id: Math.max(0, ...rows().map((r) => r.id)) + 1 };
          state.rows.set(definition.name, [...rows(), row]);
          return ok(row);
        }
        const existing = rows().find((r) => r.id === id);
        if (!existing) return fail(Code.NOT_FOUND, call.locale);
        const row: Row = { ...existing, ...values, id };
        state.rows.set(definition.name, rows().map((r) => (r.id === id ? row : r)));
        return ok(row);
      }),
      http.get(`${base}/delete`, remove),
      http.post(`${base}/delete`, remove),
    ];
    if (definition.keyCheck) {
      const { path, param } = definition.keyCheck;
      handlers.push(
        http.get(`${base}/${path}`, async ({ request }) => {
          const call = await enter(request);
          if (call instanceof Response) return call;
          const id = call.query.id ? Number(call.query.id) : undefined;
          return ok(!rows().some((r) => String(r[param]) === call.query[param] && r.id !== id));
        }),
      );
    }
    return handlers;
  }

  const handlers: HttpHandler[] = [...session, ...definitions.flatMap(crud)];

  /** Signs a user in without the login screen (a handoff token); answers the token. */
  function issueToken(user: MockUser = state.users[0] ?? admin): string {
    const token = `token-${++tokenCount}`;
    state.tokens.set(token, user.id);
    return token;
  }

  return { handlers, state, issueToken };
}

export type MockApi = ReturnType<typeof createMockApi>;
