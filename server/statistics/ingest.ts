/**
 * Ingestion: a batch of hourly traffic counts and monthly revenue rows, written with the rollups
 * in one transaction. Idempotent per (site user, hour) and (staff member, month): a row sets the
 * value, so a re-sent batch changes nothing, and a corrected count moves the rollups by the
 * difference only. Nothing after the clock (plus an hour) is taken, revenue only for members of a
 * business team, and the audit log names every key a batch changed with its value before and after
 * (second security review, M4).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  Code,
  hourKey,
  hourText,
  MAX_INGEST_ROWS,
  MAX_TRAFFIC_COUNT,
  monthKey,
  monthText,
  STATISTICS_MESSAGES,
  TeamType,
  toFen,
  type IngestAnswer,
  type Locale,
  type Text,
} from '../../contract';
import { writeAuditNotes, type AuditNote } from '../audit/note';
import { chunks } from '../db/chunks';
import { ensureMonthsFor } from '../db/partitions';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';

export interface HourCount {
  siteUserId: number;
  hour: number;
  count: number;
}
export interface MonthRevenue {
  adminId: number;
  month: number;
  amountFen: number;
}
export interface ParsedBatch {
  traffic: HourCount[];
  revenue: MonthRevenue[];
}

/** One key a batch changed: `traffic <site user> <hour>` or `revenue <staff member> <month>`, before (null: none) and after. */
export interface ChangedKey {
  table: 'traffic_hour' | 'revenue_month';
  key: string;
  before: number | null;
  after: number;
}

/** Keys per audit row: a full batch of 5,000 is ten rows of about 30 KB each. */
const KEYS_PER_NOTE = 500;

function refusal(field: string, message: Text, locale: Locale): ApiError {
  return new ApiError(Code.VALIDATION_FAILED, `${field}: ${message[locale]}`, { fields: { [field]: message[locale] } });
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const positiveId = (v: unknown) => (typeof v === 'number' || (typeof v === 'string' && /^\d{1,15}$/.test(v)) ? Number(v) : NaN);

/**
 * Checks a batch's shape and every row (1001 naming `traffic.<i>.<field>`), duplicates included;
 * an hour or month after `latest` (the clock plus INGEST_AHEAD_MS: clock.ts) is the future, refused.
 * An hour before `earliest` is past the hours kept, refused too: its stored count may have been
 * purged, and a count sent again would be added to the rollups twice.
 */
export function parseBatch(input: Record<string, unknown>, locale: Locale, latest: { hour: number; month: number }, earliest = 0): ParsedBatch {
  const list = (name: string): unknown[] => {
    const value = input[name];
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) throw refusal(name, STATISTICS_MESSAGES.rows, locale);
    return value;
  };
  const trafficInput = list('traffic');
  const revenueInput = list('revenue');
  if (trafficInput.length + revenueInput.length > MAX_INGEST_ROWS) throw refusal('traffic', STATISTICS_MESSAGES.rows, locale);

  const seen = new Set<string>();
  const traffic = trafficInput.map((row, i): HourCount => {
    const r = isRecord(row) ? row : {};
    const siteUserId = positiveId(r.siteUserId);
    if (!Number.isSafeInteger(siteUserId) || siteUserId <= 0) throw refusal(`traffic.${i}.siteUserId`, STATISTICS_MESSAGES.id, locale);
    const hour = typeof r.hour === 'string' ? hourKey(r.hour) : undefined;
    if (hour === undefined) throw refusal(`traffic.${i}.hour`, STATISTICS_MESSAGES.hour, locale);
    if (hour > latest.hour) throw refusal(`traffic.${i}.hour`, STATISTICS_MESSAGES.futureHour, locale);
    if (hour < earliest) throw refusal(`traffic.${i}.hour`, STATISTICS_MESSAGES.expiredHour, locale);
    const count = r.count;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > MAX_TRAFFIC_COUNT) throw refusal(`traffic.${i}.count`, STATISTICS_MESSAGES.count, locale);
    const key = `${siteUserId}:${hour}`;
    if (seen.has(key)) throw refusal(`traffic.${i}.hour`, STATISTICS_MESSAGES.duplicateKey, locale);
    seen.add(key);
    return { siteUserId, hour, count };
  });
  const revenue = revenueInput.map((row, i): MonthRevenue => {
    const r = isRecord(row) ? row : {};
    const adminId = positiveId(r.adminId);
    if (!Number.isSafeInteger(adminId) || adminId <= 0) throw refusal(`revenue.${i}.adminId`, STATISTICS_MESSAGES.id, locale);
    const month = typeof r.month === 'string' ? monthKey(r.month) : undefined;
    if (month === undefined) throw refusal(`revenue.${i}.month`, STATISTICS_MESSAGES.month, locale);
    if (month > latest.month) throw refusal(`revenue.${i}.month`, STATISTICS_MESSAGES.futureMonth, locale);
    const amountFen = typeof r.amount === 'number' ? toFen(r.amount) : undefined;
    if (amountFen === undefined) throw refusal(`revenue.${i}.amount`, STATISTICS_MESSAGES.amount, locale);
    const key = `r${adminId}:${month}`;
    if (seen.has(key)) throw refusal(`revenue.${i}.month`, STATISTICS_MESSAGES.duplicateKey, locale);
    seen.add(key);
    return { adminId, month, amountFen };
  });
  return { traffic, revenue };
}

function addTo(map: Map<string, number>, key: string, delta: number): void {
  map.set(key, (map.get(key) ?? 0) + delta);
}

/** Each rollup and its key columns (`<a>:<b>` in the delta maps). */
const ROLLUPS = {
  trafficDay: ['siteUserId', 'day'],
  trafficMonth: ['siteUserId', 'month'],
  trafficServiceDay: ['serviceId', 'day'],
  trafficServiceMonth: ['serviceId', 'month'],
} as const;

/** Adds the non-zero deltas to a rollup's counts (a new key starts at its delta). */
async function addToRollup(trx: Transaction<Database>, table: keyof typeof ROLLUPS, deltas: Map<string, number>): Promise<void> {
  const [a, b] = ROLLUPS[table];
  const rows = [...deltas].filter(([, delta]) => delta !== 0).map(([key, delta]) => [...key.split(':').map(Number), delta]);
  for (const part of chunks(rows)) {
    await sql`insert into ${sql.table(table)} (${sql.ref(a)}, ${sql.ref(b)}, ${sql.ref('count')})
      values ${sql.join(part.map(([x, y, delta]) => sql`(${x}, ${y}, ${delta})`))}
      on conflict (${sql.ref(a)}, ${sql.ref(b)}) do update set ${sql.ref('count')} = ${sql.ref(`${table}.count`)} + excluded.${sql.ref('count')}`.execute(trx);
  }
}

/** Checks that every revenue row names a member of a business team (1001 naming `revenue.<i>.adminId`). */
async function checkRevenueStaff(trx: Transaction<Database>, revenue: readonly MonthRevenue[], locale: Locale): Promise<void> {
  const known = new Set<number>();
  const business = new Set<number>();
  for (const ids of chunks([...new Set(revenue.map((r) => r.adminId))])) {
    for (const row of await trx.selectFrom('user').select('id').where('id', 'in', ids).execute()) known.add(row.id);
    const members = await trx
      .selectFrom('teamMember')
      .innerJoin('team', 'team.id', 'teamMember.teamId')
      .select('teamMember.userId')
      .where('team.teamType', '=', TeamType.business)
      .where('teamMember.userId', 'in', ids)
      .execute();
    for (const row of members) business.add(row.userId);
  }
  const refused = revenue.findIndex((r) => !business.has(r.adminId));
  if (refused < 0) return;
  const message = known.has(revenue[refused]!.adminId) ? STATISTICS_MESSAGES.notBusinessStaff : STATISTICS_MESSAGES.unknownStaff;
  throw refusal(`revenue.${refused}.adminId`, message, locale);
}

/** Writes the revenue rows whose amount differs from the stored one; answers what changed. */
async function writeRevenue(trx: Transaction<Database>, revenue: readonly MonthRevenue[]): Promise<ChangedKey[]> {
  const changes: ChangedKey[] = [];
  for (const part of chunks(revenue)) {
    const stored = await trx
      .selectFrom('revenueMonth')
      .select(['adminId', 'month', 'amountFen'])
      .where('adminId', 'in', [...new Set(part.map((r) => r.adminId))])
      .where('month', 'in', [...new Set(part.map((r) => r.month))])
      .execute();
    const before = new Map(stored.map((r) => [`${r.adminId}:${r.month}`, Number(r.amountFen)]));
    const changed = part.filter((r) => before.get(`${r.adminId}:${r.month}`) !== r.amountFen);
    if (changed.length === 0) continue;
    await trx
      .insertInto('revenueMonth')
      .values(changed)
      .onConflict((oc) => oc.columns(['adminId', 'month']).doUpdateSet((eb) => ({ amountFen: eb.ref('excluded.amountFen') })))
      .execute();
    for (const r of changed) {
      const was = before.get(`${r.adminId}:${r.month}`);
      changes.push({ table: 'revenue_month', key: `revenue ${r.adminId} ${monthText(r.month)}`, before: was === undefined ? null : was / 100, after: r.amountFen / 100 });
    }
  }
  return changes;
}

/** What a batch did to the day rows: each (site user, day, difference), and the statistics version its transaction moved to. */
export interface MovedDays {
  version: number;
  days: Array<[siteUserId: number, day: number, delta: number]>;
}

/**
 * Writes a checked batch inside the caller's transaction (the route's, or the demo seed's);
 * answers the counts, every key whose value it changed and, when it changed any, how it moved
 * the day rows.
 */
export async function writeBatch(
  trx: Transaction<Database>,
  batch: ParsedBatch,
  locale: Locale = 'zh-CN',
): Promise<{ answer: IngestAnswer; changes: ChangedKey[]; moved?: MovedDays }> {
  const serviceOf = new Map<number, number>();
  for (const ids of chunks([...new Set(batch.traffic.map((r) => r.siteUserId))])) {
    const rows = await trx.selectFrom('siteUser').select(['id', 'serviceId']).where('id', 'in', ids).execute();
    for (const row of rows) serviceOf.set(row.id, row.serviceId);
  }
  const unknown = batch.traffic.findIndex((r) => !serviceOf.has(r.siteUserId));
  if (unknown >= 0) throw refusal(`traffic.${unknown}.siteUserId`, STATISTICS_MESSAGES.unknownSiteUser, locale);
  await checkRevenueStaff(trx, batch.revenue, locale);

  // Rollups move by the difference from what is stored: re-sending the same count moves nothing.
  const changes: ChangedKey[] = [];
  const userDay = new Map<string, number>();
  const userMonth = new Map<string, number>();
  const serviceDay = new Map<string, number>();
  const serviceMonth = new Map<string, number>();
  for (const part of chunks(batch.traffic)) {
    // Owners × hours of the chunk (a superset, filtered below): two IN lists both databases serve
    // from the primary key, where a list of (owner, hour) pairs made PostgreSQL scan the table.
    const stored = await trx
      .selectFrom('trafficHour')
      .select(['siteUserId', 'hour', 'count'])
      .where('siteUserId', 'in', [...new Set(part.map((r) => r.siteUserId))])
      .where('hour', 'in', [...new Set(part.map((r) => r.hour))])
      .execute();
    const before = new Map(stored.map((r) => [`${r.siteUserId}:${r.hour}`, Number(r.count)]));
    const changed = part.filter((r) => before.get(`${r.siteUserId}:${r.hour}`) !== r.count);
    if (changed.length === 0) continue;
    await trx
      .insertInto('trafficHour')
      .values(changed)
      .onConflict((oc) => oc.columns(['siteUserId', 'hour']).doUpdateSet((eb) => ({ count: eb.ref('excluded.count') })))
      .execute();
    for (const r of changed) {
      const was = before.get(`${r.siteUserId}:${r.hour}`);
      changes.push({ table: 'traffic_hour', key: `traffic ${r.siteUserId} ${hourText(r.hour)}`, before: was ?? null, after: r.count });
      const delta = r.count - (was ?? 0);
      const day = Math.floor(r.hour / 100);
      const service = serviceOf.get(r.siteUserId)!;
      addTo(userDay, `${r.siteUserId}:${day}`, delta);
      addTo(userMonth, `${r.siteUserId}:${Math.floor(day / 100)}`, delta);
      addTo(serviceDay, `${service}:${day}`, delta);
      addTo(serviceMonth, `${service}:${Math.floor(day / 100)}`, delta);
    }
  }
  await addToRollup(trx, 'trafficDay', userDay);
  await addToRollup(trx, 'trafficMonth', userMonth);
  await addToRollup(trx, 'trafficServiceDay', serviceDay);
  await addToRollup(trx, 'trafficServiceMonth', serviceMonth);
  changes.push(...(await writeRevenue(trx, batch.revenue)));
  const answer = { traffic: batch.traffic.length, revenue: batch.revenue.length };
  if (!changes.length) return { answer, changes };
  const { rows } = await sql<{ version: unknown }>`update statistics_version set version = version + 1 where id = 1 returning version`.execute(trx);
  const days = [...userDay].map(([key, delta]) => {
    const [siteUserId, day] = key.split(':').map(Number);
    return [siteUserId!, day!, delta] as [number, number, number];
  });
  return { answer, changes, moved: { version: Number(rows[0]!.version), days } };
}

/**
 * The audit rows of a batch: per table, its changed keys with their values before → after
 * (`{"traffic 1 2026-11-26 10": [46259, 1000000000]}`), KEYS_PER_NOTE keys a row.
 */
export function batchNotes(changes: readonly ChangedKey[]): AuditNote[] {
  const notes: AuditNote[] = [];
  for (const table of ['traffic_hour', 'revenue_month'] as const) {
    for (const part of chunks(changes.filter((c) => c.table === table), KEYS_PER_NOTE)) {
      notes.push({ tableName: table, recordId: null, action: 'update', changes: Object.fromEntries(part.map((c) => [c.key, [c.before, c.after]])) });
    }
  }
  return notes;
}

/**
 * One batch at a time per process: the read-then-write of the stored counts must not interleave
 * with another batch's (several servers on one PostgreSQL: see the README's statistics section).
 * `committed` is told how each batch moved the day rows once its transaction has committed.
 */
export function createIngestion(db: Kysely<Database>, { committed }: { committed?: (moved: MovedDays) => void } = {}) {
  let queue: Promise<unknown> = Promise.resolve();
  return function ingest(batch: ParsedBatch, locale: Locale): Promise<IngestAnswer> {
    const run = queue.then(async () => {
      // PostgreSQL: the months of the batch's hours have their partitions first, each made in a
      // short transaction of its own (../db/partitions.ts), not held for the batch's.
      await ensureMonthsFor(db, 'traffic_hour', batch.traffic.map((r) => r.hour));
      const { answer, moved } = await db.transaction().execute(async (trx) => {
        const written = await writeBatch(trx, batch, locale);
        // Counts are not audited row by row by the triggers: the batch notes its changed keys.
        await writeAuditNotes(trx, batchNotes(written.changes));
        return written;
      });
      if (moved) committed?.(moved);
      return answer;
    });
    queue = run.catch(() => undefined);
    return run;
  };
}
