/**
 * Sessions: the token is 32 random bytes (base64url) handed to the browser once; the database
 * keeps only its SHA-256. A session dies when revoked, idle too long or too old, or when its user
 * is disabled. `lastSeenAt` is written at most once per touch interval, not on every request.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { withoutControlCharacters } from '../../contract/search';
import type { SessionPolicy } from '../config';
import { chunks } from '../db/chunks';
import { isPostgres } from '../db/dialect';
import { preparedQuery } from '../db/preparedQuery';
import { scopeOfRows, scopeRowsQuery, type ScopeRow, type StaffScope } from '../scope/dataScope';
import type { Database, EnableFlag } from '../db/schema';

export interface ActiveSession {
  sessionId: number;
  userId: number;
  name: string;
  code: string;
  mustChangePassword: boolean;
  /** The grants version (migration 0004), read in the same statement. */
  grantsVersion: number;
  /** The user's data scope, when the lookup was asked to read it in the same statement. */
  staffScope?: StaffScope;
}

/** A scope row as the session statement's JSON holds it: role id, role key, data scope, the caller's node, a node. */
type ScopeRowTuple = [number | null, string | null, number | null, number | null, number | null];

function scopeRowsOf(scope: string | ScopeRowTuple[]): ScopeRow[] {
  const tuples = typeof scope === 'string' ? (JSON.parse(scope) as ScopeRowTuple[]) : scope;
  return tuples.map(([roleId, roleKey, dataScope, officeId, nodeId]) => ({ roleId, roleKey, dataScope, officeId, nodeId }));
}

export type SessionLookup = { status: 'valid'; session: ActiveSession } | { status: 'unknown' } | { status: 'ended' };

/** Where a session is started from, as the online-users screen shows it (bounded to its columns). */
export interface SessionOrigin {
  address: string;
  userAgent?: string;
}

const ADDRESS_LENGTH = 64;
export const USER_AGENT_LENGTH = 300;

export function sessionOriginOf(request: { ip: string; headers: Record<string, string | string[] | undefined> }): SessionOrigin {
  const agent = request.headers['user-agent'];
  const userAgent = Array.isArray(agent) ? agent[0] : agent;
  return { address: request.ip.slice(0, ADDRESS_LENGTH), userAgent: userAgent === undefined ? undefined : [...withoutControlCharacters(userAgent)].slice(0, USER_AGENT_LENGTH).join('') };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function createSessionStore(db: Kysely<Database>, policy: SessionPolicy, now: () => number = Date.now) {
  // Every guarded request runs it: built once, and it brings the grants version along (one statement, not two).
  const sessionRow = (tokenHash: string) =>
    db
      .selectFrom('session as s')
      .innerJoin('user as u', 'u.id', 's.userId')
      .select(['s.id', 's.userId', 's.createdAt', 's.lastSeenAt', 's.revokedAt', 'u.name', 'u.code', 'u.isEnable', 'u.mustChangePassword'])
      .select((eb) => eb.selectFrom('grantsVersion').select('version').where('id', '=', 1).as('grantsVersion'))
      .where('s.tokenHash', '=', tokenHash);
  const sessionOfToken = Object.assign(preparedQuery(db, ({ tokenHash }: { tokenHash: string }) => sessionRow(tokenHash)), { build: sessionRow });

  // A route reading the caller's data scope (a person list) has it in the same statement: the scope
  // rows of the session's user (server/scope/dataScope.ts) as one JSON column, so the list request
  // makes no round trip for it. Read at the request's time, as the route itself would read it.
  const onPostgres = isPostgres(db);
  const sessionWithScope = preparedQuery(db, ({ tokenHash, now: at }: { tokenHash: string; now: number }) => {
    const user = sql<number>`(select ${sql.ref('s2.userId')} from ${sql.table('session')} as s2 where ${sql.ref('s2.tokenHash')} = ${tokenHash})`;
    const row = sql`${sql.raw('q.role_id, q.role_key, q.data_scope, q.office_id, q.node_id')}`;
    const rows = scopeRowsQuery(db, user, at);
    const scope: RawBuilder<string | ScopeRowTuple[]> = onPostgres
      ? sql<ScopeRowTuple[]>`(select coalesce(json_agg(json_build_array(${row})), '[]'::json) from (${rows}) as q)`
      : sql<string>`(select coalesce(json_group_array(json_array(${row})), '[]') from (${rows}) as q)`;
    return sessionOfToken.build(tokenHash).select(scope.as('scope'));
  });

  return {
    /** Starts a session and returns its token (the only time the token exists in clear); `on`: a transaction. */
    async issue(userId: number, origin?: SessionOrigin, on: Kysely<Database> = db): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const time = now();
      await on
        .insertInto('session')
        .values({ tokenHash: hashToken(token), userId, createdAt: time, lastSeenAt: time, revokedAt: null, address: origin?.address ?? null, userAgent: origin?.userAgent ?? null })
        .execute();
      return token;
    },

    /** `withScope`: read the user's data scope in the same statement (ActiveSession.staffScope). */
    async lookup(token: string, { withScope = false }: { withScope?: boolean } = {}): Promise<SessionLookup> {
      const time = now();
      const tokenHash = hashToken(token);
      const row = withScope ? await sessionWithScope.takeFirst({ tokenHash, now: time }) : await sessionOfToken.takeFirst({ tokenHash });
      if (!row) return { status: 'unknown' };
      const isEnabled: boolean = row.isEnable === ('1' satisfies EnableFlag);
      const isExpired = time - row.lastSeenAt > policy.idleMs || time - row.createdAt > policy.absoluteMs;
      if (row.revokedAt !== null || isExpired || !isEnabled) return { status: 'ended' };
      if (time - row.lastSeenAt >= policy.touchIntervalMs) {
        await db.updateTable('session').set({ lastSeenAt: time }).where('id', '=', row.id).execute();
      }
      return {
        status: 'valid',
        session: {
          sessionId: row.id,
          userId: row.userId,
          name: row.name,
          code: row.code,
          mustChangePassword: row.mustChangePassword === 1,
          grantsVersion: Number(row.grantsVersion ?? 0),
          ...('scope' in row ? { staffScope: await scopeOfRows(scopeRowsOf(row.scope as string | ScopeRowTuple[]), row.userId) } : {}),
        },
      };
    },

    /**
     * Of `sessionIds`, those still live (the rules of `lookup`), each with its user, read in one
     * statement per part: a server's open event streams are checked together. Touches nothing:
     * an open stream alone does not keep a session from idling out.
     */
    async liveSessions(sessionIds: readonly number[]): Promise<Map<number, { userId: number; mustChangePassword: boolean }>> {
      const live = new Map<number, { userId: number; mustChangePassword: boolean }>();
      const time = now();
      for (const part of chunks([...new Set(sessionIds)])) {
        const rows = await db
          .selectFrom('session as s')
          .innerJoin('user as u', 'u.id', 's.userId')
          .select(['s.id', 's.userId', 'u.mustChangePassword'])
          .where('s.id', 'in', part)
          .where('s.revokedAt', 'is', null)
          .where('u.isEnable', '=', '1' satisfies EnableFlag)
          .where('s.lastSeenAt', '>=', time - policy.idleMs)
          .where('s.createdAt', '>=', time - policy.absoluteMs)
          .execute();
        for (const row of rows) live.set(row.id, { userId: row.userId, mustChangePassword: row.mustChangePassword === 1 });
      }
      return live;
    },

    async revoke(sessionId: number): Promise<void> {
      await db.updateTable('session').set({ revokedAt: now() }).where('id', '=', sessionId).where('revokedAt', 'is', null).execute();
    },

    /** Deletes sessions that ended long enough ago that nobody needs the 1007 answer for them. */
    async prune(): Promise<void> {
      const cutoff = now() - policy.absoluteMs - 24 * 60 * 60_000;
      await db.deleteFrom('session').where('createdAt', '<', cutoff).execute();
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
