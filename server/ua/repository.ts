/** UA records and published rules (tables of migrations 0010_ua and 0016_ua_unpublish). */
import type { Kysely } from 'kysely';
import { UA_LIMITS, UA_PROCESSED, UA_UNPROCESSED, type UapRule, type UaRuleSummary } from '../../contract/ua';
import { chunks } from '../db/chunks';
import type { Database } from '../db/schema';
import type { RuleKind } from './ruleSet';
import type { PublishedRule } from './tasks';

interface UaRecordTable {
  id: number;
  uaMessage: string;
  uaStatus: string;
  parserType: string | null;
}

interface UaRuleTable {
  id: number;
  kind: string;
  rule: string;
  uaId: number | null;
  createTime: number;
  creatorName: string;
  unpublishTime: number | null;
  unpublisherName: string | null;
}

interface UaTables {
  uaRecord: UaRecordTable;
  uaRule: UaRuleTable;
}

export type { PublishedRule };

export function uaRepository(database: Kysely<Database>) {
  const db = database as unknown as Kysely<UaTables>;
  return {
    async record(id: number) {
      return db.selectFrom('uaRecord').select(['id', 'uaMessage', 'uaStatus', 'parserType']).where('id', '=', id).executeTakeFirst();
    },
    /**
     * Moves when a rule is published or unpublished (on any server): the compiled set is rebuilt
     * only then. Ids only grow and an unpublished rule stays unpublished, so no two states share it.
     */
    async rulesVersion(): Promise<string> {
      const row = await db
        .selectFrom('uaRule')
        .select((eb) => [eb.fn.max('id').as('last'), eb.fn.countAll().as('count'), eb.fn.count('unpublishTime').as('unpublished')])
        .executeTakeFirstOrThrow();
      return `${String(row.last ?? 0)}:${String(row.count)}:${String(row.unpublished)}`;
    },
    /** Published rules, newest first: a later rule wins over an earlier one. */
    async publishedRules(): Promise<PublishedRule[]> {
      const rows = await db.selectFrom('uaRule').select(['id', 'kind', 'rule']).where('unpublishTime', 'is', null).orderBy('id', 'desc').execute();
      return rows.map((row) => ({ id: row.id, kind: row.kind as RuleKind, rule: JSON.parse(row.rule) as UapRule }));
    },
    /** Rules newest first, of one record or of all, published or not. */
    async rules({ uaId, page, pageSize }: { uaId?: number; page: number; pageSize: number }): Promise<{ items: UaRuleSummary[]; total: number }> {
      let query = db.selectFrom('uaRule');
      if (uaId !== undefined) query = query.where('uaId', '=', uaId);
      const [rows, total] = await Promise.all([
        query.selectAll().orderBy('id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
        query.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow(),
      ]);
      const items = rows.map((row) => ({
        id: row.id,
        uaId: row.uaId,
        kind: row.kind as RuleKind,
        rule: JSON.parse(row.rule) as UapRule,
        createTime: Number(row.createTime),
        creatorName: row.creatorName,
        isPublished: row.unpublishTime === null,
        unpublishTime: row.unpublishTime === null ? null : Number(row.unpublishTime),
        unpublishedBy: row.unpublisherName,
      }));
      return { items, total: Number(total.count) };
    },
    async unprocessed(excludeId?: number) {
      let query = db.selectFrom('uaRecord').select(['id', 'uaMessage']).where('uaStatus', '=', UA_UNPROCESSED);
      if (excludeId !== undefined) query = query.where('id', '<>', excludeId);
      return query.orderBy('id', 'desc').limit(UA_LIMITS.scannedRecords).execute();
    },
    async publish(input: { uaId: number; rules: Array<{ kind: RuleKind; rule: UapRule }>; parserType: string; creatorName: string; alsoProcessed: number[] }) {
      await db.transaction().execute(async (trx) => {
        const now = Date.now();
        for (const { kind, rule } of input.rules) {
          await trx.insertInto('uaRule').values({ kind, rule: JSON.stringify(rule), uaId: input.uaId, createTime: now, creatorName: input.creatorName } as never).execute();
        }
        await trx.updateTable('uaRecord').set({ uaStatus: UA_PROCESSED, parserType: input.parserType }).where('id', '=', input.uaId).execute();
        for (const ids of chunks(input.alsoProcessed)) {
          await trx.updateTable('uaRecord').set({ uaStatus: UA_PROCESSED, parserType: input.parserType }).where('id', 'in', ids).where('uaStatus', '=', UA_UNPROCESSED).execute();
        }
      });
    },
    /** Unpublishes the rules still published among `ids`; answers how many were. */
    async unpublish(ids: readonly number[], unpublisherName: string): Promise<number> {
      const result = await db
        .updateTable('uaRule')
        .set({ unpublishTime: Date.now(), unpublisherName })
        .where('id', 'in', [...ids])
        .where('unpublishTime', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    /** Sets the processed records among `ids` back to unprocessed; answers how many were. */
    async reopen(ids: readonly number[]): Promise<number> {
      const result = await db.updateTable('uaRecord').set({ uaStatus: UA_UNPROCESSED, parserType: null }).where('id', 'in', [...ids]).where('uaStatus', '=', UA_PROCESSED).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type UaRepository = ReturnType<typeof uaRepository>;
