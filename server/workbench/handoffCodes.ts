/**
 * One-time handoff codes (migration 0005): 32 random bytes handed out once, stored as their
 * SHA-256, bound to a user and an app, redeemable once within HANDOFF_CODE_TTL_MS.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hashToken } from '../auth/tokens';
import type { Database, EnableFlag } from '../db/schema';

export const HANDOFF_CODE_TTL_MS = 60_000;
/** What a code looks like (43 base64url characters); anything else is refused before a query. */
export const HANDOFF_CODE_PATTERN = /^[\w-]{43}$/;

const ENABLED: EnableFlag = '1';

export function createHandoffCodes(db: Kysely<Database>, now: () => number = Date.now) {
  return {
    async issue(userId: number, appId: number): Promise<string> {
      const code = randomBytes(32).toString('base64url');
      const time = now();
      await db.deleteFrom('handoffCode').where('expiresAt', '<', time).execute();
      await db.insertInto('handoffCode').values({ codeHash: hashToken(code), userId, appId, expiresAt: time + HANDOFF_CODE_TTL_MS, usedAt: null }).execute();
      return code;
    },

    /** Marks the code used and answers its user, when it is unused, unexpired, for `appId` and of an enabled user. */
    async redeem(code: string, appId: number): Promise<number | undefined> {
      const time = now();
      // One statement: of two redemptions at once, only one finds the code unused.
      const row = await db
        .updateTable('handoffCode')
        .set({ usedAt: time })
        .where('codeHash', '=', hashToken(code))
        .where('appId', '=', appId)
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', time)
        .where((eb) => eb.exists(eb.selectFrom('user').select('user.id').whereRef('user.id', '=', 'handoffCode.userId').where('user.isEnable', '=', ENABLED)))
        .returning('userId')
        .executeTakeFirst();
      return row?.userId;
    },
  };
}

export type HandoffCodes = ReturnType<typeof createHandoffCodes>;
