/**
 * The audit and login logs keep `AUDIT_RETENTION_DAYS` days (default 180): older rows are deleted
 * when the server starts and once a day after.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

const DAY = 24 * 60 * 60_000;

export async function pruneLogs(db: Kysely<Database>, retentionDays: number, now = Date.now()): Promise<void> {
  const cutoff = now - retentionDays * DAY;
  await db.deleteFrom('auditLog').where('changedAt', '<', cutoff).execute();
  await db.deleteFrom('loginLog').where('attemptedAt', '<', cutoff).execute();
}

/** Prunes now and every day until `stop`; a failed prune is reported and tried again the next day. */
export function scheduleLogPruning(db: Kysely<Database>, retentionDays: number, report: (error: unknown) => void): { stop(): void } {
  const prune = () => pruneLogs(db, retentionDays).catch(report);
  void prune();
  const timer = setInterval(() => void prune(), DAY);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
