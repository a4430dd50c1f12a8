/**
 * Retention and partition upkeep (README: "Retention without locks"). The audit and login logs keep
 * `AUDIT_RETENTION_DAYS` days (default 180), `traffic_hour` keeps `TRAFFIC_HOUR_RETENTION_DAYS` days
 * of hours (default 400; the day and month rollups are kept for good). At the start and daily:
 *
 * - PostgreSQL: every month from the oldest a kept row may fall in up to MONTHS_AHEAD months ahead
 *   has its partition (../db/partitions.ts); months wholly before the cutoff are detached
 *   concurrently and dropped, and the month the cutoff falls in is trimmed by a DELETE within that
 *   one partition (a day of rows, the day after the previous purge).
 * - SQLite: expired rows are deleted in batches of about 1.5 ms of work each (20 to 250 rows), with a
 *   pause after each batch in which other writers (this process's requests, another process) take
 *   the write lock (deleteInBatches).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import { addDays } from '../../contract';
import { DEFAULT_AUDIT_RETENTION_DAYS, DEFAULT_TRAFFIC_HOUR_RETENTION_DAYS } from '../config';
import { isPostgres } from '../db/dialect';
import {
  addMonths,
  dropPartition,
  ensureMonthRange,
  monthBounds,
  monthOf,
  PARTITIONED_TABLES,
  partitionsOf,
  trimPartition,
  type PartitionedTable,
  type PartitionedTableName,
} from '../db/partitions';
import type { Database } from '../db/schema';
import { firstBatch, nextBatch } from './batchSize';
import { calendarAt, defaultClock } from '../statistics/clock';

const DAY = 24 * 60 * 60_000;

/** Months made ahead of the current one (each start and each day): writes never wait for upkeep. */
export const MONTHS_AHEAD = 3;

export interface RetentionSettings {
  auditRetentionDays: number;
  trafficHourRetentionDays: number;
  /** The statistics' zone: `traffic_hour` keys are its calendar hours. */
  timeZone: string;
}

export function defaultRetention(timeZone = defaultClock().timeZone): RetentionSettings {
  return { auditRetentionDays: DEFAULT_AUDIT_RETENTION_DAYS, trafficHourRetentionDays: DEFAULT_TRAFFIC_HOUR_RETENTION_DAYS, timeZone };
}

/** Per table, the first key value kept: epoch ms for the logs, a YYYYMMDDHH hour for traffic (the first hour of a day). */
export function cutoffs(settings: RetentionSettings, now: number): Record<PartitionedTableName, number> {
  const logs = now - settings.auditRetentionDays * DAY;
  const today = calendarAt(now, settings.timeZone).today;
  return { audit_log: logs, login_log: logs, traffic_hour: addDays(today, -settings.trafficHourRetentionDays) * 100 };
}

/** The first instant of an audit or login log row that retention keeps at `now()`; undefined for other tables. */
export function logsKeptFrom(settings: RetentionSettings, now: () => number): (table: string) => number | undefined {
  return (table) => (table === 'audit_log' || table === 'login_log' ? cutoffs(settings, now())[table] : undefined);
}

/** The current month of a table's keys. */
function currentMonth(table: PartitionedTable, settings: RetentionSettings, now: number): number {
  return table.key === 'hour' ? calendarAt(now, settings.timeZone).month : monthOf(table, now);
}

/** PostgreSQL: makes the partitions from the cutoff's month to MONTHS_AHEAD ahead; answers the ones made. SQLite: nothing. */
export async function keepPartitions(db: Kysely<Database>, settings: RetentionSettings, now = Date.now()): Promise<string[]> {
  if (!isPostgres(db)) return [];
  const limits = cutoffs(settings, now);
  const made: string[] = [];
  for (const table of PARTITIONED_TABLES) {
    const from = monthOf(table, limits[table.name]);
    made.push(...(await ensureMonthRange(db as Kysely<unknown>, table, from, addMonths(currentMonth(table, settings, now), MONTHS_AHEAD))));
  }
  return made;
}

export interface PurgeResult {
  /** Rows deleted per table (PostgreSQL: from the month the cutoff falls in). */
  deleted: Record<string, number>;
  /** Partitions dropped whole (PostgreSQL). */
  dropped: string[];
}

export interface PurgeOptions {
  /** Checked between batches: true stops the purge (the server is closing). */
  isStopped?: () => boolean;
  /** SQLite: told each batch's rows, how long it held the write lock (from taken to committed), and the process's CPU time meanwhile (the bench reads them). */
  onBatch?: (rows: number, ms: number, cpuMs: number) => void;
  /** SQLite: told how long each of the purge's WAL checkpoints took (no write lock held: other writers go on). */
  onCheckpoint?: (ms: number) => void;
}

/** The pause after each SQLite batch: at least this long, and at least as long as the batch held the lock. */
const PAUSE_MS = 5;
/** Batches between the purge's own WAL checkpoints. */
const CHECKPOINT_EVERY = 16;

/**
 * SQLite: deletes the rows before `cutoff` in batches of rowids read from the key's index, each its
 * own short write transaction, and a pause after each in which other writers take the lock.
 *
 * - Size (./batchSize.ts): the first batch is 20 rows (its pages are read cold); each next one is
 *   the rows that fit in 1.5 ms at the per-row cost measured so far (it rises at once with a dearer
 *   batch, falls slowly), grown by at most half per batch, at most 250 rows. A batch's work is its
 *   CPU time while it holds the lock (not its wall time, which a busy machine stretches).
 * - The lock: `begin immediate` takes it (waiting, if another process holds it, as any writer does),
 *   then the delete and the commit; the time from taken to committed is what the next writer can
 *   wait for (onBatch reports it).
 * - Checkpoints: the WAL is checkpointed by the purge itself every CHECKPOINT_EVERY batches, in its
 *   pauses, with the connection's automatic checkpoint off meanwhile: a checkpoint (its copy and
 *   fsync) would otherwise run in whichever commit crosses 1,000 pages, a batch's (holding up the
 *   next writer) or a request's.
 */
async function deleteInBatches(db: Kysely<Database>, table: PartitionedTable, cutoff: number, options: PurgeOptions): Promise<number> {
  const plain = db.withoutPlugins();
  const name = sql.table(table.name);
  const column = sql.ref(table.column);
  const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(plain);
  const automatic = Number(rows[0]?.wal_autocheckpoint ?? 1000);
  let sizing = firstBatch();
  let total = 0;
  let batches = 0;
  const checkpoint = async () => {
    const started = performance.now();
    await sql`pragma wal_checkpoint(passive)`.execute(plain);
    options.onCheckpoint?.(performance.now() - started);
  };
  // One batch on a connection held throughout (the server's requests queue for it meanwhile).
  const batch = (size: number) =>
    plain.connection().execute(async (connection) => {
      await sql`begin immediate`.execute(connection);
      const taken = performance.now();
      const cpu = process.cpuUsage();
      try {
        const result = await sql`delete from ${name} where rowid in (select rowid from ${name} where ${column} < ${cutoff} limit ${size})`.execute(connection);
        await sql`commit`.execute(connection);
        const used = process.cpuUsage(cpu);
        return { deleted: Number(result.numAffectedRows ?? 0), heldMs: performance.now() - taken, cpuMs: (used.user + used.system) / 1000 };
      } catch (error) {
        await sql`rollback`.execute(connection).catch(() => undefined);
        throw error;
      }
    });
  try {
    for (;;) {
      if (options.isStopped?.()) return total;
      const { size } = sizing;
      const { deleted, heldMs, cpuMs } = await batch(size);
      options.onBatch?.(deleted, heldMs, cpuMs);
      total += deleted;
      if (deleted < size) return total;
      if (batches === 0) await sql.raw('pragma wal_autocheckpoint = 0').execute(plain);
      // CPU beyond the wall time is other threads' (the garbage collector's), not the batch's.
      sizing = nextBatch(sizing, deleted, Math.min(cpuMs, heldMs));
      await sleep(Math.max(PAUSE_MS, heldMs));
      if (++batches % CHECKPOINT_EVERY === 0) {
        await checkpoint();
        await sleep(PAUSE_MS);
      }
    }
  } finally {
    if (batches > 0) {
      await sql.raw(`pragma wal_autocheckpoint = ${automatic}`).execute(plain);
      await checkpoint();
    }
  }
}

/**
 * Deletes what is older than the retention windows: whole partitions and the cutoff month's rows
 * (PostgreSQL), or batches (SQLite). Every table is tried; the first failure is thrown after.
 */
export async function purgeExpired(db: Kysely<Database>, settings: RetentionSettings, now = Date.now(), options: PurgeOptions = {}): Promise<PurgeResult> {
  if (!isPostgres(db)) return purgeTables(db, settings, now, options);
  // Servers sharing a database: one purges, the others find the lock taken and leave it (per schema).
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ taken: boolean }>`select pg_try_advisory_lock(${PURGE_LOCK}, hashtext(current_schema())) as taken`.execute(connection);
    if (!rows[0]?.taken) return { deleted: {}, dropped: [] };
    try {
      return await purgeTables(connection, settings, now, options);
    } finally {
      await sql`select pg_advisory_unlock(${PURGE_LOCK}, hashtext(current_schema()))`.execute(connection);
    }
  });
}

const PURGE_LOCK = 742_030;

async function purgeTables(db: Kysely<Database>, settings: RetentionSettings, now: number, options: PurgeOptions): Promise<PurgeResult> {
  const limits = cutoffs(settings, now);
  const result: PurgeResult = { deleted: {}, dropped: [] };
  const failures: unknown[] = [];
  for (const table of PARTITIONED_TABLES) {
    const cutoff = limits[table.name];
    try {
      if (!isPostgres(db)) {
        result.deleted[table.name] = await deleteInBatches(db, table, cutoff, options);
        continue;
      }
      const dynamic = db as Kysely<unknown>;
      let deleted = 0;
      for (const partition of await partitionsOf(dynamic, table)) {
        const [from, to] = monthBounds(table, partition.month);
        if (to <= cutoff) {
          await dropPartition(dynamic, table, partition);
          result.dropped.push(partition.name);
        } else if (from < cutoff) {
          deleted += await trimPartition(dynamic, table, partition, cutoff);
        }
      }
      result.deleted[table.name] = deleted;
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length) throw failures[0];
  return result;
}

/** The audit and login logs only, `retentionDays` days (what tests of the logs call). */
export async function pruneLogs(db: Kysely<Database>, retentionDays: number, now = Date.now()): Promise<PurgeResult> {
  // Traffic kept as long as a date can be: only the logs are purged.
  return purgeExpired(db, { ...defaultRetention(), auditRetentionDays: retentionDays, trafficHourRetentionDays: 365_000 }, now);
}

export interface UpkeepOptions {
  /** Between runs (default a day). */
  everyMs?: number;
  now?: () => number;
  /** Told what each run did. */
  done?: (made: string[], purged: PurgeResult | undefined, ms: number) => void;
}

/**
 * Runs the upkeep now and every `everyMs` until stopped: partitions made, then the purge; a failure
 * of either is reported and the other still runs, and the next run comes as planned.
 */
export function scheduleUpkeep(db: Kysely<Database>, settings: RetentionSettings, report: (error: unknown) => void, options: UpkeepOptions = {}): { stop(): Promise<void> } {
  const { everyMs = DAY, now = Date.now, done } = options;
  let stopped = false;
  let running: Promise<void> | undefined;
  const run = () => {
    if (running || stopped) return;
    running = (async () => {
      const started = performance.now();
      const at = now();
      let made: string[] = [];
      let purged: PurgeResult | undefined;
      try {
        made = await keepPartitions(db, settings, at);
      } catch (error) {
        report(error);
      }
      try {
        purged = await purgeExpired(db, settings, at, { isStopped: () => stopped });
      } catch (error) {
        report(error);
      }
      done?.(made, purged, performance.now() - started);
    })().finally(() => {
      running = undefined;
    });
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
