/**
 * The login log: every attempt at POST /user/login, with the name as typed, the address, the
 * browser, the result and why. The answer to the caller stays the same for an unknown user and a
 * wrong password; the log tells them apart for the administrators.
 *
 * A refused attempt's row is written with the others refused in the same turn of the event loop
 * (one insert), so a burst of attempts does not add a query each. A success's row is written in
 * the transaction that starts its session.
 */
import type { Kysely } from 'kysely';
import { LOGIN_LOG_NAME_LENGTH, type LoginReason } from '../../contract/entities/audit';
import { withoutControlCharacters } from '../../contract/search';
import { USER_AGENT_LENGTH, type SessionOrigin } from '../auth/tokens';
import type { Database } from '../db/schema';

/** Rows per insert: well below both dialects' limits on bound parameters. */
const INSERT_CHUNK = 500;

type Row = Database['loginLog'] extends infer T ? Omit<{ [K in keyof T]: T[K] }, 'id'> : never;

/** Text as typed, without control characters (PostgreSQL refuses NUL), at most `max` characters. */
const bounded = (value: string, max: number) => [...withoutControlCharacters(value)].slice(0, max).join('');

export function loginLogRow(userName: string, origin: SessionOrigin, reason: LoginReason, now = Date.now()): Row {
  return {
    attemptedAt: now,
    userName: bounded(userName, LOGIN_LOG_NAME_LENGTH),
    address: origin.address,
    userAgent: origin.userAgent === undefined ? null : bounded(origin.userAgent, USER_AGENT_LENGTH),
    result: reason === 'success' ? 'success' : 'failure',
    reason,
  };
}

export function createLoginLog(db: Kysely<Database>) {
  let pending: Row[] = [];
  let flush: Promise<void> | undefined;

  return {
    /** Records a refused attempt; resolves once its row is stored. */
    refused(userName: string, origin: SessionOrigin, reason: Exclude<LoginReason, 'success'>): Promise<void> {
      pending.push(loginLogRow(userName, origin, reason));
      flush ??= new Promise((resolve) => setImmediate(resolve)).then(async () => {
        const batch = pending;
        pending = [];
        flush = undefined;
        for (let i = 0; i < batch.length; i += INSERT_CHUNK) await db.insertInto('loginLog').values(batch.slice(i, i + INSERT_CHUNK)).execute();
      });
      return flush;
    },

    /** Records a success inside the transaction that starts its session. */
    async succeeded(trx: Kysely<Database>, userName: string, origin: SessionOrigin): Promise<void> {
      await trx.insertInto('loginLog').values(loginLogRow(userName, origin, 'success')).execute();
    },
  };
}

export type LoginLog = ReturnType<typeof createLoginLog>;
