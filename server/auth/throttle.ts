/**
 * Password throttling for login and /user/changePwd, stored in the database so it holds across
 * restarts and instances. Attempts are counted within a sliding window per username-and-address
 * pair and per address, and each attempt is counted before any hashing: an attempt's row is
 * committed before it counts, so the n-th of a concurrent burst sees at least n and at most the
 * limit get through. Keying by the pair (not the username alone) means nobody can lock an
 * account, `admin` included, out for the addresses its owner uses. The hashing itself runs within
 * the bounds of hashGate.ts. A success forgives the pair's attempts and its own address count.
 * An attempt this process already knows to be over a limit (recentAttempts.ts) is refused before
 * any query and recorded with the others refused meanwhile in one insert, so the excess of a
 * burst answers at once. (A success on another instance forgives there; this one may go on
 * refusing the pair from its own count until the window passes.)
 */
import type { Kysely } from 'kysely';
import { Code } from '../../contract';
import type { ThrottlePolicy } from '../config';
import { chunks } from '../db/chunks';
import type { Database, ThrottleScope } from '../db/schema';
import { ApiError } from '../errors';
import { createHashGate } from './hashGate';
import { createRecentAttempts } from './recentAttempts';

/** Usernames are compared case-insensitively so `Admin` and `admin` share one counter. */
function pairKey(username: string, address: string): string {
  return `${username.toLowerCase()}|${address}`;
}

const PRUNE_INTERVAL_MS = 60_000;

type AttemptRow = { scope: ThrottleScope; key: string; attemptedAt: number };

export function createLoginThrottle(db: Kysely<Database>, policy: ThrottlePolicy, now: () => number = Date.now) {
  const gate = createHashGate({ total: policy.maxConcurrentHashes, perAddress: policy.maxConcurrentHashesPerAddress });
  const recent = createRecentAttempts(policy.windowMs, now);
  let prunedAt = 0;
  let pending: AttemptRow[] = [];
  let flush: Promise<void> | undefined;

  /** Records refused attempts: those arriving before the next turn of the event loop share one insert. */
  function record(rows: AttemptRow[]): Promise<void> {
    pending.push(...rows);
    flush ??= new Promise((resolve) => setImmediate(resolve)).then(async () => {
      const batch = pending;
      pending = [];
      flush = undefined;
      for (const part of chunks(batch)) await db.insertInto('loginAttempt').values(part).execute();
    });
    return flush;
  }

  /** Records the attempt, then answers whether it is within both limits, and its address row's id. */
  async function count(username: string, address: string): Promise<{ isAllowed: boolean; addressRowId: number }> {
    const time = now();
    const keys: Record<ThrottleScope, string> = { pair: pairKey(username, address), address };
    const inserted = await db
      .insertInto('loginAttempt')
      .values([
        { scope: 'pair', key: keys.pair, attemptedAt: time },
        { scope: 'address', key: keys.address, attemptedAt: time },
      ])
      .returning(['id', 'scope'])
      .execute();
    const counts = await db
      .selectFrom('loginAttempt')
      .select(['scope', (eb) => eb.fn.countAll<number>().as('n')])
      .where('attemptedAt', '>', time - policy.windowMs)
      .where((eb) => eb.or([eb.and([eb('scope', '=', 'pair'), eb('key', '=', keys.pair)]), eb.and([eb('scope', '=', 'address'), eb('key', '=', keys.address)])]))
      .groupBy('scope')
      .execute();
    const of = (scope: ThrottleScope) => Number(counts.find((row) => row.scope === scope)?.n ?? 0);
    if (time - prunedAt >= PRUNE_INTERVAL_MS) {
      prunedAt = time;
      await db.deleteFrom('loginAttempt').where('attemptedAt', '<=', time - policy.windowMs).execute();
    }
    return {
      isAllowed: of('pair') <= policy.maxFailuresPerUserAndAddress && of('address') <= policy.maxFailuresPerAddress,
      addressRowId: inserted.find((row) => row.scope === 'address')!.id,
    };
  }

  async function forgive(username: string, address: string, addressRowId: number): Promise<void> {
    recent.forget(pairKey(username, address));
    recent.forgetOne(address);
    await db.deleteFrom('loginAttempt').where('scope', '=', 'pair').where('key', '=', pairKey(username, address)).execute();
    await db.deleteFrom('loginAttempt').where('id', '=', addressRowId).execute();
  }

  /** Counts the attempt in memory; when that alone is over a limit, records it and throws 1009. */
  async function refuseKnownExcess(username: string, address: string): Promise<void> {
    const pair = pairKey(username, address);
    const isPairOver = recent.isOverAfterAdding(pair, policy.maxFailuresPerUserAndAddress);
    const isAddressOver = recent.isOverAfterAdding(address, policy.maxFailuresPerAddress);
    if (!isPairOver && !isAddressOver) return;
    const time = now();
    await record([
      { scope: 'pair', key: pair, attemptedAt: time },
      { scope: 'address', key: address, attemptedAt: time },
    ]);
    throw new ApiError(Code.TOO_MANY_ATTEMPTS);
  }

  return {
    /**
     * Counts an attempt of `username` from `address`, then runs `check` (the password check) within
     * the hashing bounds; 1009 when over a limit, without running it. A check answering anything
     * but null (the account it accepts) forgives the pair's attempts.
     */
    async attempt<T>(username: string, address: string, check: () => Promise<T | null>): Promise<T | null> {
      await refuseKnownExcess(username, address);
      const { isAllowed, addressRowId } = await count(username, address);
      if (!isAllowed) throw new ApiError(Code.TOO_MANY_ATTEMPTS);
      const accepted = await gate.run(address, check);
      if (accepted !== null) await forgive(username, address, addressRowId);
      return accepted;
    },

    /** Hashing that is not a password check (a new password), within the same bounds. */
    hash<T>(address: string, work: () => Promise<T>): Promise<T> {
      return gate.run(address, work);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
