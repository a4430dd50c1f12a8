/**
 * The login log: every attempt at POST /user/login, with the account, the address, the browser,
 * the result and why. The answer to the caller stays the same for an unknown user and a wrong
 * password; the log tells them apart for the administrators.
 *
 * The name box is where passwords get typed by mistake (second security review, L2): a name is
 * kept as typed only when it is an account's code; any other text is kept masked (maskedLoginName),
 * enough to see a typo or a run of guesses, not enough to read what was typed. An unknown user is
 * masked at once, a wrong password or a disabled account is an account; a refusal that comes
 * before the lookup (throttled, invalid input) is looked up with its batch, one query.
 *
 * A refused attempt's row is written with the others refused in the same turn of the event loop
 * (one insert), so a burst of attempts does not add a query each. A success's row is written in
 * the transaction that starts its session.
 */
import type { Kysely } from 'kysely';
import { LOGIN_LOG_NAME_LENGTH, type LoginReason } from '../../contract/entities/audit';
import { withoutControlCharacters } from '../../contract/search';
import { USERNAME_PATTERN } from '../../contract/session';
import { USER_AGENT_LENGTH, type SessionOrigin } from '../auth/tokens';
import { chunks } from '../db/chunks';
import type { Database } from '../db/schema';


type Row = Database['loginLog'] extends infer T ? Omit<{ [K in keyof T]: T[K] }, 'id'> : never;

/** Text as typed, without control characters (PostgreSQL refuses NUL). */
const cleaned = (value: string) => withoutControlCharacters(value);
const bounded = (value: string, max: number) => [...value].slice(0, max).join('');

/**
 * A name that is no account's code, as the log keeps it: at most its first two characters (never
 * more than a third of it), `***` and its length: `Attack-2026-pass` → `At***(16)`. No code can
 * look like it: codes have neither `*` nor parentheses.
 */
export function maskedLoginName(name: string): string {
  const characters = [...name];
  if (characters.length === 0) return '';
  const shown = Math.min(2, Math.floor(characters.length / 3));
  return `${characters.slice(0, shown).join('')}***(${characters.length})`;
}

/** Whether the name is an account's code: known by the refusal, or to be looked up (undefined). */
function isAccountBy(reason: LoginReason): boolean | undefined {
  if (reason === 'unknownUser') return false;
  if (reason === 'throttled' || reason === 'invalid') return undefined;
  return true;
}

export function loginLogRow(userName: string, isAccount: boolean, origin: SessionOrigin, reason: LoginReason, now = Date.now()): Row {
  const name = cleaned(userName);
  return {
    attemptedAt: now,
    userName: isAccount ? bounded(name, LOGIN_LOG_NAME_LENGTH) : bounded(maskedLoginName(name), LOGIN_LOG_NAME_LENGTH),
    address: origin.address,
    userAgent: origin.userAgent === undefined ? null : bounded(cleaned(origin.userAgent), USER_AGENT_LENGTH),
    result: reason === 'success' ? 'success' : 'failure',
    reason,
  };
}

interface Refused {
  userName: string;
  origin: SessionOrigin;
  reason: Exclude<LoginReason, 'success'>;
  at: number;
}

export function createLoginLog(db: Kysely<Database>) {
  let pending: Refused[] = [];
  let flush: Promise<void> | undefined;

  /** The account codes among `names`. */
  async function accountCodes(names: string[]): Promise<Set<string>> {
    const codes = new Set<string>();
    for (const part of chunks(names)) {
      for (const row of await db.selectFrom('user').select('code').where('code', 'in', part).execute()) codes.add(row.code);
    }
    return codes;
  }

  async function write(batch: Refused[]): Promise<void> {
    // Only a name of a code's shape can be one.
    const unsure = [...new Set(batch.filter((r) => isAccountBy(r.reason) === undefined).map((r) => cleaned(r.userName)).filter((name) => USERNAME_PATTERN.test(name)))];
    const codes = unsure.length ? await accountCodes(unsure) : new Set<string>();
    const rows = batch.map((r) => loginLogRow(r.userName, isAccountBy(r.reason) ?? codes.has(cleaned(r.userName)), r.origin, r.reason, r.at));
    for (const part of chunks(rows)) await db.insertInto('loginLog').values(part).execute();
  }

  return {
    /** Records a refused attempt; resolves once its row is stored. */
    refused(userName: string, origin: SessionOrigin, reason: Exclude<LoginReason, 'success'>): Promise<void> {
      pending.push({ userName, origin, reason, at: Date.now() });
      flush ??= new Promise((resolve) => setImmediate(resolve)).then(async () => {
        const batch = pending;
        pending = [];
        flush = undefined;
        await write(batch);
      });
      return flush;
    },

    /** Records a success inside the transaction that starts its session. */
    async succeeded(trx: Kysely<Database>, userName: string, origin: SessionOrigin): Promise<void> {
      await trx.insertInto('loginLog').values(loginLogRow(userName, true, origin, 'success')).execute();
    },
  };
}

export type LoginLog = ReturnType<typeof createLoginLog>;
