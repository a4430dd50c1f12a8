/**
 * The reveal log of a resource with personal data (`privacy.log`): each reveal of a record, and
 * each whole-value lookup of a masked field, names the account (id and login code, which never
 * change, beside the name it had then), the time, whose data and which record or field. A lookup
 * never records the value searched for.
 *
 * A caller without the reveal grant has a budget of lookups per window (LookupPolicy), counted in
 * the log itself, so it holds across restarts and servers sharing the database. As with the login
 * throttle, a lookup's row is committed before it counts: the n-th of a concurrent burst sees at
 * least n, and at most the budget get through. Refused lookups stay in the log (`matches` empty).
 */
import type { Kysely } from 'kysely';
import { Code, format, type ListData } from '../../contract';
import type { RevealKind } from '../../contract/entities/customer';
import { LOOKUP_THROTTLED } from '../../contract/lookup';
import type { ResourceDefinition, RevealLogSpec } from '../../resources/define';
import type { LookupPolicy } from '../config';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import type { Caller } from '../http/requestContext';
import type { DynamicDatabase, ResourceRecord } from './repository';

interface Entry {
  kind: RevealKind;
  caller: Caller | null;
  subject: number | null;
  recordId: number | null;
  field: string | null;
}

/** 1009 past the budget, saying what the budget is. */
function throttled(policy: LookupPolicy): ApiError {
  const params = { max: policy.maxPerCaller, minutes: Math.round(policy.windowMs / 60_000) };
  return new ApiError(Code.TOO_MANY_ATTEMPTS, { 'zh-CN': format(LOOKUP_THROTTLED['zh-CN'], params), 'en-US': format(LOOKUP_THROTTLED['en-US'], params) });
}

/**
 * The log of `definition`'s reveals and lookups: `log` is the log resource (its table), `spec`
 * names its field holding whose data it was.
 */
export function createRevealLog(database: Kysely<Database>, definition: ResourceDefinition, log: ResourceDefinition, spec: RevealLogSpec, policy: LookupPolicy, now: () => number = Date.now) {
  const db = database as unknown as Kysely<DynamicDatabase>;
  const { table } = log;
  const { subject } = spec;
  const subjectOf = (record: ResourceRecord): number | null => {
    const value = definition.privacy?.subject ? record[definition.privacy.subject] : record.id;
    return typeof value === 'number' ? value : value === null || value === undefined ? null : Number(value);
  };

  function row({ kind, caller, subject: whose, recordId, field }: Entry, at: number): Record<string, unknown> {
    return {
      kind,
      [subject]: whose,
      staffId: caller?.userId ?? null,
      staffCode: caller?.code ?? null,
      staffName: caller?.name ?? '',
      resource: definition.name,
      recordId,
      field,
      matches: null,
      revealedAt: at,
    };
  }

  return {
    /** Records the reveal of `record` (before it is answered). */
    async reveal(caller: Caller | null, record: ResourceRecord): Promise<void> {
      await db.insertInto(table).values(row({ kind: 'reveal', caller, subject: subjectOf(record), recordId: record.id, field: null }, now())).execute();
    },

    /** Records an export of `rows` records as stored (one entry: what it revealed is its filter's rows). */
    async exported(caller: Caller | null, rows: number): Promise<void> {
      await db.insertInto(table).values({ ...row({ kind: 'export', caller, subject: null, recordId: null, field: null }, now()), matches: rows }).execute();
    },

    /**
     * Records a lookup of each of `fields`, then (for a caller without the reveal grant) refuses it
     * with 1009 when the caller's lookups within the window pass the budget. Answers the rows' ids.
     */
    async lookup(caller: Caller | null, fields: readonly string[], isLimited: boolean): Promise<number[]> {
      const at = now();
      const rows = fields.map((field) => row({ kind: 'lookup', caller, subject: null, recordId: null, field }, at));
      const inserted = await db.insertInto(table).values(rows).returning('id').execute();
      const ids = inserted.map((r) => Number(r.id));
      if (!isLimited) return ids;
      const counted = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', 'lookup')
        .where('staffId', '=', caller?.userId ?? 0)
        .where('revealedAt', '>', at - policy.windowMs)
        .executeTakeFirst();
      if (Number(counted?.n ?? 0) > policy.maxPerCaller) throw throttled(policy);
      return ids;
    },

    /** Completes lookup rows with what they matched: how many records, and whose data when exactly one. */
    async settle(ids: readonly number[], page: ListData<ResourceRecord>): Promise<void> {
      const only = page.total === 1 && page.items[0] ? subjectOf(page.items[0]) : null;
      await db
        .updateTable(table)
        .set({ matches: page.total, [subject]: only })
        .where('id', 'in', [...ids])
        .execute();
    },
  };
}

export type RevealLog = ReturnType<typeof createRevealLog>;
