/**
 * Ingestion: a batch of hourly traffic counts and monthly revenue rows, written with the rollups
 * in one transaction. Idempotent per (site user, hour) and (staff member, month): a row sets the
 * value, so a re-sent batch changes nothing, and a corrected count moves the rollups by the
 * difference only.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  Code,
  hourKey,
  MAX_INGEST_ROWS,
  MAX_TRAFFIC_COUNT,
  monthKey,
  STATISTICS_MESSAGES,
  toFen,
  type IngestAnswer,
  type Locale,
  type Text,
} from '../../contract';
import { writeAuditNotes, type AuditNote } from '../audit/note';
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

const CHUNK = 500;

function refusal(field: string, message: Text, locale: Locale): ApiError {
  return new ApiError(Code.VALIDATION_FAILED, `${field}: ${message[locale]}`, { fields: { [field]: message[locale] } });
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const positiveId = (v: unknown) => (typeof v === 'number' || (typeof v === 'string' && /^\d{1,15}$/.test(v)) ? Number(v) : NaN);

/** Checks a batch's shape and every row (1001 naming `traffic.<i>.<field>`), duplicates included. */
export function parseBatch(input: Record<string, unknown>, locale: Locale): ParsedBatch {
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
    const amountFen = typeof r.amount === 'number' ? toFen(r.amount) : undefined;
    if (amountFen === undefined) throw refusal(`revenue.${i}.amount`, STATISTICS_MESSAGES.amount, locale);
    const key = `r${adminId}:${month}`;
    if (seen.has(key)) throw refusal(`revenue.${i}.month`, STATISTICS_MESSAGES.duplicateKey, locale);
    seen.add(key);
    return { adminId, month, amountFen };
  });
  return { traffic, revenue };
}

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function addTo(map: Map<string, number>, key: string, delta: number): void {
  map.set(key, (map.get(key) ?? 0) + delta);
}

/** Each rollup and its key columns (`<a>:<b>` in the delta maps). */
const ROLLUPS = {
  trafficDay: ['siteUserId', 'day'],
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

/** Writes a checked batch inside the caller's transaction (the route's, or the demo seed's). */
export async function writeBatch(trx: Transaction<Database>, batch: ParsedBatch, locale: Locale = 'zh-CN'): Promise<IngestAnswer> {
  const serviceOf = new Map<number, number>();
  for (const ids of chunks([...new Set(batch.traffic.map((r) => r.siteUserId))])) {
    const rows = await trx.selectFrom('siteUser').select(['id', 'serviceId']).where('id', 'in', ids).execute();
    for (const row of rows) serviceOf.set(row.id, row.serviceId);
  }
  const unknown = batch.traffic.findIndex((r) => !serviceOf.has(r.siteUserId));
  if (unknown >= 0) throw refusal(`traffic.${unknown}.siteUserId`, STATISTICS_MESSAGES.unknownSiteUser, locale);
  const adminIds = [...new Set(batch.revenue.map((r) => r.adminId))];
  const known = new Set<number>();
  for (const ids of chunks(adminIds)) for (const row of await trx.selectFrom('user').select('id').where('id', 'in', ids).execute()) known.add(row.id);
  const unknownAdmin = batch.revenue.findIndex((r) => !known.has(r.adminId));
  if (unknownAdmin >= 0) throw refusal(`revenue.${unknownAdmin}.adminId`, STATISTICS_MESSAGES.unknownStaff, locale);

  // Rollups move by the difference from what is stored: re-sending the same count moves nothing.
  const userDay = new Map<string, number>();
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
      const delta = r.count - (before.get(`${r.siteUserId}:${r.hour}`) ?? 0);
      const day = Math.floor(r.hour / 100);
      const service = serviceOf.get(r.siteUserId)!;
      addTo(userDay, `${r.siteUserId}:${day}`, delta);
      addTo(serviceDay, `${service}:${day}`, delta);
      addTo(serviceMonth, `${service}:${Math.floor(day / 100)}`, delta);
    }
  }
  await addToRollup(trx, 'trafficDay', userDay);
  await addToRollup(trx, 'trafficServiceDay', serviceDay);
  await addToRollup(trx, 'trafficServiceMonth', serviceMonth);
  for (const part of chunks(batch.revenue)) {
    await trx
      .insertInto('revenueMonth')
      .values(part)
      .onConflict((oc) => oc.columns(['adminId', 'month']).doUpdateSet((eb) => ({ amountFen: eb.ref('excluded.amountFen') })))
      .execute();
  }
  if (batch.traffic.length || batch.revenue.length) await sql`update statistics_version set version = version + 1 where id = 1`.execute(trx);
  return { traffic: batch.traffic.length, revenue: batch.revenue.length };
}

/**
 * One batch at a time per process: the read-then-write of the stored counts must not interleave
 * with another batch's (several servers on one PostgreSQL: see the README's statistics section).
 */
export function createIngestion(db: Kysely<Database>) {
  let queue: Promise<unknown> = Promise.resolve();
  return function ingest(batch: ParsedBatch, locale: Locale): Promise<IngestAnswer> {
    const run = queue.then(() =>
      db.transaction().execute(async (trx) => {
        const answer = await writeBatch(trx, batch, locale);
        // Counts are not audited row by row (a batch is thousands): the batch is one row.
        const rows = (table: string, count: number): AuditNote[] => (count ? [{ tableName: table, recordId: null, action: 'update', changes: { rows: [null, count] } }] : []);
        await writeAuditNotes(trx, [...rows('traffic_hour', batch.traffic.length), ...rows('revenue_month', batch.revenue.length)]);
        return answer;
      }),
    );
    queue = run.catch(() => undefined);
    return run;
  };
}
