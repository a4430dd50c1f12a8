/**
 * Login throttling, stored in the database so it holds across restarts and instances: failures are
 * counted per username and per client address within a sliding window.
 */
import type { Kysely } from 'kysely';
import type { ThrottlePolicy } from '../config';
import type { Database, ThrottleScope } from '../db/schema';

/** Usernames are compared case-insensitively so `Admin` and `admin` share one counter. */
function userKey(username: string): string {
  return username.toLowerCase();
}

export function createLoginThrottle(db: Kysely<Database>, policy: ThrottlePolicy, now: () => number = Date.now) {
  async function failures(scope: ThrottleScope, key: string): Promise<number> {
    const row = await db
      .selectFrom('loginAttempt')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('scope', '=', scope)
      .where('key', '=', key)
      .where('attemptedAt', '>', now() - policy.windowMs)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  return {
    async isBlocked(username: string, address: string): Promise<boolean> {
      const [byUser, byAddress] = await Promise.all([failures('user', userKey(username)), failures('address', address)]);
      return byUser >= policy.maxFailuresPerUser || byAddress >= policy.maxFailuresPerAddress;
    },

    async recordFailure(username: string, address: string): Promise<void> {
      const time = now();
      await db
        .insertInto('loginAttempt')
        .values([
          { scope: 'user', key: userKey(username), attemptedAt: time },
          { scope: 'address', key: address, attemptedAt: time },
        ])
        .execute();
      await db.deleteFrom('loginAttempt').where('attemptedAt', '<=', time - policy.windowMs).execute();
    },

    /** A successful login forgives the username's failures (not the address's). */
    async clearUser(username: string): Promise<void> {
      await db.deleteFrom('loginAttempt').where('scope', '=', 'user').where('key', '=', userKey(username)).execute();
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
