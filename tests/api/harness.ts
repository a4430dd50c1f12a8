/**
 * Builds the app on a fresh database per test file: a SQLite file in a temp folder, or (when
 * TEST_DATABASE_URL is a postgres:// URL) a fresh PostgreSQL schema, dropped at the end.
 * Seeds it with a known admin password and calls it through `app.inject`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import pino, { type Logger } from 'pino';
import { BASE_APP_CODE, MenuType, TOKEN_HEADER, type Envelope, type LoginAnswer } from '../../contract';
import type { ResourceDefinition } from '../../resources/define';
import { buildApp } from '../../server/app';
import { hashPassword, sha256Hex } from '../../server/auth/passwords';
import { DEFAULT_SESSION_POLICY, DEFAULT_THROTTLE_POLICY, type SessionPolicy, type ThrottlePolicy } from '../../server/config';
import { openDatabase, openReadDatabase, type DatabaseHandle } from '../../server/db/database';
import { prepareDatabase, type PrepareResult } from '../../server/db/prepare';
import type { ReconcileLogger } from '../../server/db/reconcileResources';
import type { Database } from '../../server/db/schema';
import type { StatisticsClock } from '../../server/statistics/clock';

export const ADMIN = { username: 'admin', password: 'Admin#Test2024' };

export interface TestServerOptions {
  session?: Partial<SessionPolicy>;
  throttle?: Partial<ThrottlePolicy>;
  workbenchUrl?: string;
  workbenchTrustedOrigins?: string[];
  consoleDir?: string;
  demo?: boolean;
  logger?: Logger;
  /** The declared resources the database is prepared with (default: the registry). */
  definitions?: readonly ResourceDefinition[];
  /** Receives the reconciliation lines of prepare (default: silent). */
  prepareLogger?: ReconcileLogger;
  /** The statistics' time zone and clock (default: the server's). */
  statisticsClock?: StatisticsClock;
  /** Days of hours `traffic_hour` keeps (default the server's, TRAFFIC_HOUR_RETENTION_DAYS). */
  trafficHourRetentionDays?: number;
  /** Days the audit and login logs keep: the server then purges at its start and daily (default: no purge). */
  auditRetentionDays?: number;
  /**
   * PostgreSQL: a streaming replica of TEST_DATABASE_URL's server (./replicaCluster.ts), read as
   * DATABASE_READ_URL in this file's schema (server/db/database.ts openReadDatabase).
   */
  replicaUrl?: string;
  /** How long reads stay on the primary after the replica failed to connect (default the server's, REPLICA_RETRY_MS). */
  replicaRetryMs?: number;
}

/** What a restart prepares the same database with. */
export interface RestartOptions {
  definitions?: readonly ResourceDefinition[];
  prepareLogger?: ReconcileLogger;
  /** The statistics' clock from this start on (default: the one the server started with). */
  statisticsClock?: StatisticsClock;
}

export interface CallOptions {
  token?: string;
  query?: Record<string, string | number>;
  /** An object is sent as JSON; a string is sent as is with a JSON content type; a Buffer as bytes (application/octet-stream). */
  body?: unknown;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

export interface Answer<T> {
  status: number;
  body: Envelope<T>;
  headers: Record<string, unknown>;
  text: string;
}

export type LoginData = LoginAnswer & { appId: number };

export interface TestServer {
  /** The current app (a restart builds a new one). */
  readonly app: FastifyInstance;
  db: Kysely<Database>;
  dialect: DatabaseHandle['dialect'];
  call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options?: CallOptions): Promise<Answer<T>>;
  login(username: string, password: string, options?: { remoteAddress?: string }): Promise<Answer<LoginData>>;
  /** Logs in and returns the token; fails the test when login fails. */
  tokenFor(username: string, password: string): Promise<string>;
  /** A user with one role granted exactly the base app's API elements of `apis`. */
  createUser(spec: { code: string; password: string; apis?: string[]; name?: string }): Promise<{ userId: number; roleId: number }>;
  /** What preparing the database answered at the last (re)start. */
  readonly prepared: PrepareResult;
  /** Stops the app, prepares the same database again (as a new start would) and builds a new app. */
  restart(options?: RestartOptions): Promise<PrepareResult>;
  close(): Promise<void>;
}

/** The server's database as the schema helpers read it (closing stays the server's). */
export function handleOf(server: Pick<TestServer, 'db' | 'dialect'>): DatabaseHandle {
  return { db: server.db, dialect: server.dialect, close: async () => {} };
}

export async function freshDatabase(): Promise<{ handle: DatabaseHandle; dispose(): Promise<void>; searchPath?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await admin(`create schema ${schema}`);
    const handle = openDatabase(url, { searchPath: schema });
    return { handle, dispose: () => admin(`drop schema ${schema} cascade`), searchPath: schema };
  }
  const dir = mkdtempSync(join(tmpdir(), 'console-api-'));
  const handle = openDatabase(join(dir, 'test.db'));
  return { handle, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * PostgreSQL: a second server on the same database and schema as `server` (as another machine
 * would run it), for rules that must hold on every server from the next request. Closed by `close`.
 */
export async function peerServer(server: Pick<TestServer, 'db'>): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(server.db);
  const handle = openDatabase(process.env.TEST_DATABASE_URL!, { searchPath: rows[0]!.schema });
  const app = await buildApp({
    db: handle.db,
    config: { workbenchUrl: '/login', trustProxy: false, session: DEFAULT_SESSION_POLICY, throttle: DEFAULT_THROTTLE_POLICY },
    logger: pino({ level: 'silent' }),
  });
  return { app, close: async () => { await app.close(); await handle.close(); } };
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { handle, dispose, searchPath } = await freshDatabase();
  const primaryUrl = process.env.TEST_DATABASE_URL;
  if (options.replicaUrl && !primaryUrl) throw new Error('A read replica needs PostgreSQL: set TEST_DATABASE_URL');
  // Errors of idle replica connections (the replica stopped) are what the tests cause: not written out.
  const replica = options.replicaUrl ? openReadDatabase(options.replicaUrl, primaryUrl!, { searchPath, onPoolError: () => {}, retryMs: options.replicaRetryMs }) : undefined;
  const disposeAll = async () => {
    await replica?.close();
    await dispose();
  };
  try {
    return await serve(handle, disposeAll, options, replica?.db);
  } catch (error) {
    await handle.close();
    await disposeAll();
    throw error;
  }
}

const silent = pino({ level: 'silent' });

export interface Read {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/**
 * `app.inject` read as a client reads: the whole body, except an event stream (which never ends by
 * itself), read up to its first event and then dropped as a closing browser tab drops it.
 */
export async function injectRead(app: FastifyInstance, options: InjectOptions): Promise<Read> {
  const response = await app.inject({ ...options, payloadAsStream: true });
  const stream = response.stream();
  const isEventStream = String(response.headers['content-type'] ?? '').startsWith('text/event-stream');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(Buffer.from(chunk as Uint8Array));
    if (isEventStream && Buffer.concat(chunks).includes('\n\n')) break;
  }
  if (isEventStream) response.raw.res.destroy();
  return { statusCode: response.statusCode, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') };
}

async function serve(handle: DatabaseHandle, dispose: () => Promise<void>, options: TestServerOptions, readDb?: Kysely<Database>): Promise<TestServer> {
  let clock = options.statisticsClock;
  const start = async ({ definitions, prepareLogger, statisticsClock }: RestartOptions) => {
    clock = statisticsClock ?? clock;
    const result = await prepareDatabase(
      handle,
      { demo: options.demo ?? false, adminPassword: ADMIN.password, clock },
      { definitions, logger: prepareLogger ?? silent },
    );
    const built = await buildApp({
      db: handle.db,
      readDb,
      config: {
        workbenchUrl: options.workbenchUrl ?? '/login',
        workbenchTrustedOrigins: options.workbenchTrustedOrigins ?? [],
        trustProxy: false,
        session: { ...DEFAULT_SESSION_POLICY, ...options.session },
        throttle: { ...DEFAULT_THROTTLE_POLICY, ...options.throttle },
        trafficHourRetentionDays: options.trafficHourRetentionDays,
        auditRetentionDays: options.auditRetentionDays,
      },
      consoleDir: options.consoleDir,
      logger: options.logger,
      definitions,
      statisticsClock: clock,
    });
    await built.ready();
    return { result, built };
  };
  let { result: prepared, built: app } = await start(options);
  const { db } = handle;

  const call: TestServer['call'] = async (method, url, { token, query, body, headers = {}, remoteAddress } = {}) => {
    const response = await injectRead(app, {
      method,
      url,
      query: query ? Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) : undefined,
      headers: {
        ...(token ? { [TOKEN_HEADER]: token } : {}),
        ...(body !== undefined ? { 'content-type': Buffer.isBuffer(body) ? 'application/octet-stream' : 'application/json' } : {}),
        ...headers,
      },
      payload: body === undefined ? undefined : typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
      remoteAddress,
    });
    let parsed: Envelope<never>;
    try {
      parsed = JSON.parse(response.body) as Envelope<never>;
    } catch {
      parsed = { code: NaN, msg: '', data: undefined as never };
    }
    return { status: response.statusCode, body: parsed, headers: response.headers, text: response.body };
  };

  const login: TestServer['login'] = (username, password, { remoteAddress } = {}) =>
    call<LoginData>('POST', '/base/admin/user/login', { body: { username, password: sha256Hex(password) }, remoteAddress });

  const tokenFor: TestServer['tokenFor'] = async (username, password) => {
    const answer = await login(username, password);
    if (answer.body.code !== 0) throw new Error(`login of ${username} failed: ${answer.text}`);
    return answer.body.data.token;
  };

  const createUser: TestServer['createUser'] = async ({ code, password, apis = [], name = code }) => {
    const base = await db.selectFrom('app').select('id').where('code', '=', BASE_APP_CODE).executeTakeFirstOrThrow();
    const { id: userId } = await db
      .insertInto('user')
      .values({ code, name, passwordHash: await hashPassword(sha256Hex(password)), isEnable: '1', mustChangePassword: 0, createTime: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: roleId } = await db
      .insertInto('role')
      .values({ sortNum: 9, roleKey: `r_${code}`.slice(0, 20), name: `role of ${code}`, appId: base.id, isEnable: '1', description: null, roleType: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('userRole').values({ userId, roleId }).execute();
    if (apis.length) {
      const granted = await db
        .selectFrom('permission')
        .select('id')
        .where('appId', '=', base.id)
        .where('menuType', '=', MenuType.API)
        .where('url', 'in', apis)
        .execute();
      await db.insertInto('rolePermission').values(granted.map((p) => ({ roleId, permissionId: p.id }))).execute();
    }
    return { userId, roleId };
  };

  return {
    get app() {
      return app;
    },
    db,
    dialect: handle.dialect,
    call,
    login,
    tokenFor,
    createUser,
    get prepared() {
      return prepared;
    },
    async restart(restartOptions = {}) {
      await app.close();
      ({ result: prepared, built: app } = await start(restartOptions));
      return prepared;
    },
    async close() {
      await app.close();
      await handle.close();
      await dispose();
    },
  };
}
