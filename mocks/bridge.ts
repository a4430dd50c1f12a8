/**
 * The console's unit tests talk to the real server: msw hands every API request to the real
 * Fastify app (`app.inject`) over an in-memory SQLite database seeded as the API tests seed it,
 * and records what the console sent. One seed per test process; each `reset()` starts from a copy
 * of it (better-sqlite3 `serialize()` → `new Database(buffer)`), with a freshly built app.
 *
 *   const bridge = createBridge();                // per test file
 *   beforeEach(() => bridge.reset());              // fresh database and app, no requests
 *   server.resetHandlers(...first, bridge.handler) // msw/node; special answers go first
 *   const token = await bridge.tokenOf('admin');   // a real session
 *   bridge.requests                                // what the console sent
 */
import SQLite from 'better-sqlite3';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { Kysely } from 'kysely';
import { http, type HttpHandler } from 'msw';
import pino from 'pino';
import { API_PREFIXES, BASE_APP_CODE, MenuType, TOKEN_HEADER, type Envelope } from '../contract';
import type { ResourceDefinition } from '../resources/define';
import { resourceDefinitions } from '../resources/registry';
import { buildApp } from '../server/app';
import { syncAuditTriggers } from '../server/audit/triggers';
import { hashPassword, sha256Hex } from '../server/auth/passwords';
import { createSessionStore } from '../server/auth/tokens';
import { DEFAULT_SESSION_POLICY, DEFAULT_THROTTLE_POLICY } from '../server/config';
import { sqliteHandle, type DatabaseHandle } from '../server/db/database';
import { prepareDatabase } from '../server/db/prepare';
import type { Database } from '../server/db/schema';
import { stored } from '../server/db/seedValues';

/** The seeded administrator (typed password; the console sends its SHA-256 hex). */
export const ADMIN = { username: 'admin', password: 'Admin#Test2024' };

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  token: string | null;
}

export interface CallOptions {
  /** Default: an administrator's session. */
  token?: string;
  query?: Record<string, string | number>;
  body?: unknown;
}

export interface NewUser {
  code: string;
  /** Typed password (default `Secret#2024`). */
  password?: string;
  name?: string;
  /**
   * Which base-app page elements (`param:create` …) the user's one role holds, with the API
   * elements below them and every directory; all by default. `false`: a role holding nothing.
   */
  grant?: ((code: string) => boolean) | false;
  /** Nodes of the base app's tree the role does not hold, with all below them (the home page, a menu …). */
  leaveOut?: (node: { code: string; menuType: number; url: string }) => boolean;
  mustChangePassword?: boolean;
}

export interface BridgeOptions {
  /** The declared resources (default: the registry). */
  definitions?: readonly ResourceDefinition[];
}

const silent = pino({ level: 'silent' });
const HOUR = 60 * 60_000;

const snapshots = new Map<readonly ResourceDefinition[], Promise<Buffer>>();
const passwordHashes = new Map<string, Promise<string>>();

/** A stored hash of the typed password, made once per test process (each scrypt costs ~0.1 s). */
function storedHashOf(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) passwordHashes.set(password, (hash = hashPassword(sha256Hex(password))));
  return hash;
}

/** The migrated, seeded database (admin, base app tree) as bytes: prepared once per test process. */
function seedSnapshot(definitions: readonly ResourceDefinition[]): Promise<Buffer> {
  let snapshot = snapshots.get(definitions);
  if (!snapshot) {
    snapshot = (async () => {
      const sqlite = new SQLite(':memory:');
      await prepareDatabase(sqliteHandle(sqlite), { demo: false, adminPassword: ADMIN.password }, { definitions, logger: silent });
      return sqlite.serialize();
    })();
    snapshots.set(definitions, snapshot);
  }
  return snapshot;
}

/** Whether a body is text (JSON, a form, plain text) rather than bytes (an uploaded .xlsx). */
const isTextBody = (type: string | null) => !type || /json|text|form-urlencoded/i.test(type);

async function bodyOf(request: Request): Promise<{ text: string | Buffer | undefined; body: unknown }> {
  if (request.method === 'GET' || request.method === 'HEAD') return { text: undefined, body: undefined };
  // Bytes go on as bytes: read as text they would not survive.
  if (!isTextBody(request.headers.get('content-type'))) {
    const bytes = Buffer.from(await request.arrayBuffer());
    return { text: bytes.length ? bytes : undefined, body: bytes.length ? bytes : undefined };
  }
  const text = await request.text();
  if (!text) return { text: undefined, body: undefined };
  try {
    return { text, body: JSON.parse(text) };
  } catch {
    return { text, body: text };
  }
}

export function createBridge({ definitions = resourceDefinitions }: BridgeOptions = {}) {
  let handle: DatabaseHandle | undefined;
  let app: FastifyInstance | undefined;
  const requests: RecordedRequest[] = [];
  let adminToken: string | undefined;

  const current = () => {
    if (!app || !handle) throw new Error('bridge: call reset() first (in beforeEach)');
    return { app, db: handle.db };
  };

  /** A fresh database from the seed and an app over it; forgets the recorded requests. */
  async function reset(): Promise<void> {
    await close();
    handle = sqliteHandle(new SQLite(await seedSnapshot(definitions)));
    // The audit triggers are TEMP triggers of the connection: a copy of the file lacks them.
    await syncAuditTriggers(handle, definitions);
    app = await buildApp({
      db: handle.db,
      config: { workbenchUrl: '/login', trustProxy: false, session: { ...DEFAULT_SESSION_POLICY }, throttle: { ...DEFAULT_THROTTLE_POLICY } },
      logger: silent,
      definitions,
    });
    await app.ready();
    requests.length = 0;
    adminToken = await tokenOf();
  }

  async function close(): Promise<void> {
    await app?.close();
    await handle?.close();
    app = undefined;
    handle = undefined;
  }

  /** The real app's answer to a request, as a fetch Response. */
  async function forward(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const { text, body } = await bodyOf(request);
    requests.push({ method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body, token: request.headers.get(TOKEN_HEADER) });
    const answer = await current().app.inject({
      method: request.method as HTTPMethods,
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      payload: text,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const each of Array.isArray(value) ? value : [value]) headers.append(name, String(each));
    }
    return new Response(answer.statusCode === 204 ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers });
  }

  /** Every request under the API's prefixes goes to the real app; other addresses are not the bridge's. */
  const handler: HttpHandler = http.all('*', ({ request }) => {
    const { pathname } = new URL(request.url);
    if (!API_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) return undefined;
    return forward(request);
  });

  /** A real session of the user with this code (no login, so no password hashing); `ageMs` back-dates it. */
  async function tokenOf(code = ADMIN.username, { ageMs = 0 } = {}): Promise<string> {
    const { db } = current();
    const user = await db.selectFrom('user').select('id').where('code', '=', code).executeTakeFirstOrThrow();
    return createSessionStore(db, DEFAULT_SESSION_POLICY, () => Date.now() - ageMs).issue(user.id);
  }

  /** A session past its absolute lifetime: the server answers it 1007. */
  const expiredTokenOf = (code = ADMIN.username) => tokenOf(code, { ageMs: DEFAULT_SESSION_POLICY.absoluteMs + HOUR });

  /** Calls the real API (outside msw, not recorded); fails when the envelope's code is not 0. */
  async function call<T = unknown>(method: 'GET' | 'POST', url: string, { token, query, body }: CallOptions = {}): Promise<T> {
    const answer = await callRaw<T>(method, url, { token, query, body });
    if (answer.code !== 0) throw new Error(`${method} ${url} answered ${answer.code}: ${answer.msg}`);
    return answer.data;
  }

  /** As `call`, answering the envelope whatever its code. */
  async function callRaw<T = unknown>(method: 'GET' | 'POST', url: string, { token, query, body }: CallOptions = {}): Promise<Envelope<T>> {
    const response = await current().app.inject({
      method,
      url,
      query: query ? Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) : undefined,
      headers: { [TOKEN_HEADER]: token ?? adminToken ?? '', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return response.json<Envelope<T>>();
  }

  /** Saves a record through the resource's real saveOrUpdate as the administrator; answers the stored row. */
  function save<T = Record<string, unknown> & { id: number }>(endpoint: string, values: Record<string, unknown>): Promise<T> {
    return call<T>('POST', `${endpoint}/saveOrUpdate`, { body: values });
  }

  /**
   * Records of a resource that offers no write for them (customers …), checked and completed with
   * the entity's defaults and inserted as the seed inserts them.
   */
  async function insertRecords(resource: string, records: readonly Record<string, unknown>[]): Promise<void> {
    const definition = definitions.find((d) => d.name === resource);
    if (!definition) throw new Error(`bridge: no resource ${resource}`);
    const loose = current().db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    for (const record of records) await loose.insertInto(definition.table).values(stored(definition.entity, record)).execute();
  }

  /** A staff account with one role of the base app holding what `grant` lets through. */
  async function createUser({ code, password = 'Secret#2024', name = code, grant = () => true, leaveOut = () => false, mustChangePassword = false }: NewUser) {
    const { db } = current();
    const base = await db.selectFrom('app').select('id').where('code', '=', BASE_APP_CODE).executeTakeFirstOrThrow();
    const { id: userId } = await db
      .insertInto('user')
      .values({ code, name, passwordHash: await storedHashOf(password), isEnable: '1', mustChangePassword: mustChangePassword ? 1 : 0, createTime: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: roleId } = await db
      .insertInto('role')
      .values({ sortNum: 9, roleKey: `r_${code}`.slice(0, 20), name: `role of ${code}`, appId: base.id, isEnable: '1', description: null, roleType: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('userRole').values({ userId, roleId }).execute();
    if (grant) {
      const nodes = await db.selectFrom('permission').select(['id', 'parentId', 'menuType', 'code', 'url']).where('appId', '=', base.id).execute();
      const byId = new Map(nodes.map((node) => [node.id, node]));
      // A node is held unless it is (or sits below) a page element the grant leaves out.
      const isHeld = (id: number): boolean => {
        const node = byId.get(id);
        if (!node) return true;
        if (node.menuType === MenuType.PAGE_ELEMENT && !grant(node.code ?? '')) return false;
        if (leaveOut({ code: node.code ?? '', menuType: node.menuType, url: node.url ?? '' })) return false;
        return isHeld(node.parentId);
      };
      const held = nodes.filter((node) => isHeld(node.id));
      if (held.length) await db.insertInto('rolePermission').values(held.map((node) => ({ roleId, permissionId: node.id }))).execute();
    }
    return { userId, roleId, username: code, password };
  }

  return {
    handler,
    requests,
    reset,
    close,
    tokenOf,
    expiredTokenOf,
    call,
    callRaw,
    save,
    insertRecords,
    createUser,
    /** A session of the administrator, started by the last reset. */
    get token(): string {
      if (!adminToken) throw new Error('bridge: call reset() first (in beforeEach)');
      return adminToken;
    },
    /** The current app (a new one after each reset). */
    get app(): FastifyInstance {
      return current().app;
    },
    /** The current database, for what no API sets up (the real repositories' tables). */
    get db(): Kysely<Database> {
      return current().db;
    },
  };
}

export type Bridge = ReturnType<typeof createBridge>;
