/**
 * Deletes role links that have ended (user_role.expires_at at or before now), every minute, as the
 * server's own call ROLE_END_SWEEP_CALL: the audit log shows each deleted link, with its end, under
 * "角色到期解除 / Role link ended". Tidiness only: every reader already ignores an ended link
 * (./linkInForce.ts), so nothing depends on when, or whether, the sweep runs.
 */
import type { Kysely } from 'kysely';
import { ROLE_END_SWEEP_CALL } from '../../contract';
import { runAsSystemCall } from '../audit/context';
import type { Database } from '../db/schema';

export const ROLE_END_SWEEP_MS = 60_000;

/** Deletes the links ended by `now`; answers how many. */
export async function sweepEndedRoleLinks(db: Kysely<Database>, now = Date.now()): Promise<number> {
  // Asked outside the audit context first: most minutes there is nothing to delete and no row to write.
  const due = await db.selectFrom('userRole').select('userId').where('expiresAt', '<=', now).executeTakeFirst();
  if (!due) return 0;
  return runAsSystemCall(ROLE_END_SWEEP_CALL, async () => {
    const result = await db.deleteFrom('userRole').where('expiresAt', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }, now);
}

/** Sweeps now and every minute until `stop`; a failed sweep is reported and tried again the next minute. */
export function scheduleRoleEndSweep(db: Kysely<Database>, report: (error: unknown) => void, everyMs = ROLE_END_SWEEP_MS): { stop(): Promise<unknown> } {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = sweepEndedRoleLinks(db).catch(report);
  };
  sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      return running;
    },
  };
}
