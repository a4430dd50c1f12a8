/** UA records and published rules (tables of migration 0010_ua). */
import type { Kysely } from 'kysely';
import { UA_LIMITS, type UapRule } from '../../contract/ua';
import type { Database } from '../db/schema';
import type { RuleKind } from './ruleSet';

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
}

interface UaTables {
  uaRecord: UaRecordTable;
  uaRule: UaRuleTable;
}


export interface PublishedRule {
  id: number;
  kind: RuleKind;
  rule: UapRule;
}

export function uaRepository(database: Kysely<Database>) {
  const db = database as unknown as Kysely<UaTables>;
  return {
    async record(id: number) {
      return db.selectFrom('uaRecord').select(['id', 'uaMessage', 'uaStatus', 'parserType']).where('id', '=', id).executeTakeFirst();
    },
    /** Moves when a rule is published: the compiled set is rebuilt only then. */
    async rulesVersion(): Promise<string> {
      const row = await db.selectFrom('uaRule').select((eb) => [eb.fn.max('id').as('last'), eb.fn.countAll().as('count')]).executeTakeFirstOrThrow();
      return `${String(row.last ?? 0)}:${String(row.count)}`;
    },
    /** Published rules, newest first: a later rule wins over an earlier one. */
    async publishedRules(): Promise<PublishedRule[]> {
      const rows = await db.selectFrom('uaRule').select(['id', 'kind', 'rule']).orderBy('id', 'desc').execute();
      return rows.map((row) => ({ id: row.id, kind: row.kind as RuleKind, rule: JSON.parse(row.rule) as UapRule }));
    },
    async unprocessed(excludeId?: number) {
      let query = db.selectFrom('uaRecord').select(['id', 'uaMessage']).where('uaStatus', '=', '0');
      if (excludeId !== undefined) query = query.where('id', '<>', excludeId);
      return query.orderBy('id', 'desc').limit(UA_LIMITS.scannedRecords).execute();
    },
    async publish(input: { uaId: number; rules: Array<{ kind: RuleKind; rule: UapRule }>; parserType: string; creatorName: string; alsoProcessed: number[] }) {
      await db.transaction().execute(async (trx) => {
        const now = Date.now();
        for (const { kind, rule } of input.rules) {
          await trx.insertInto('uaRule').values({ kind, rule: JSON.stringify(rule), uaId: input.uaId, createTime: now, creatorName: input.creatorName } as never).execute();
        }
        await trx.updateTable('uaRecord').set({ uaStatus: '1', parserType: input.parserType }).where('id', '=', input.uaId).execute();
        // Chunks keep each statement within both databases' bound-parameter limits.
        for (let i = 0; i < input.alsoProcessed.length; i += 500) {
          const ids = input.alsoProcessed.slice(i, i + 500);
          await trx.updateTable('uaRecord').set({ uaStatus: '1', parserType: input.parserType }).where('id', 'in', ids).where('uaStatus', '=', '0').execute();
        }
      });
    },
  };
}

export type UaRepository = ReturnType<typeof uaRepository>;
