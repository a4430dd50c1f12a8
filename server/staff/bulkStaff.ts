/**
 * /user/bulkUpdate `{ids | match+expected, values}`: one department (`officeId`) or state
 * (`isEnable`) set on several accounts. Each account is checked exactly as a single
 * /user/saveOrUpdate of its stored record with those values would be (the entity's rules, the
 * department existing, its addresses and telephone, then the account rules of ./accountRules.ts:
 * never disabling oneself, nor an account holding roles the caller lacks), and disabling them
 * together must leave an enabled super-admin. Any refusal and nothing is written: the answer lists
 * every refused account (contract BulkRefused, its label the person's name). Otherwise all are
 * written in one transaction, each account's version moving and its row audited as a save's, and
 * a disabled account's sessions end. The accounts and the department set must be in the caller's
 * data scope (1003 for the whole call).
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { BULK_REFUSED, Code, format, staffEntity, type BulkRefusal, type BulkUpdated } from '../../contract';
import { chunks } from '../db/chunks';
import type { Database } from '../db/schema';
import { nextVersion } from '../db/userVersion';
import { ApiError, envelopeOf } from '../errors';
import { invalidParam, missingParam, requestParams } from '../http/params';
import { callerOf } from '../http/requestContext';
import { superAdminAccountIds } from '../roles/superAdmin';
import { accountTargets } from './accountActions';
import { checkAccountAction, requireAccounts, revokeSessions } from './accountRules';
import type { StaffList } from './listQuery';
import { staffValueChecks, validStaff } from './saveStaff';
import { requireOfficeInScope, requireStaffInScope } from '../scope/dataScope';

/** The fields the person list sets in bulk. */
export const STAFF_BULK_FIELDS = ['officeId', 'isEnable'] as const;
type BulkField = (typeof STAFF_BULK_FIELDS)[number];

const STORED = ['id', ...Object.keys(staffEntity.fields), 'version'] as Array<keyof Database['user']>;

export function staffBulkUpdater(db: Kysely<Database>, staffList: Pick<StaffList, 'matchingIds'>) {
  const targets = accountTargets(db, staffList);
  const checkStaffValues = staffValueChecks(db);

  /** The values to set: a non-empty object naming only STAFF_BULK_FIELDS (1001 naming `values` otherwise). */
  function valuesOf(value: unknown, request: FastifyRequest): Partial<Record<BulkField, unknown>> {
    if (value === undefined || value === null) throw missingParam('values', request.locale);
    const names = typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
    if (names.length === 0 || !names.every((name) => (STAFF_BULK_FIELDS as readonly string[]).includes(name))) throw invalidParam('values', request.locale);
    return value as Partial<Record<BulkField, unknown>>;
  }

  async function storedAccounts(ids: readonly number[]): Promise<Map<number, Record<string, unknown>>> {
    const found = new Map<number, Record<string, unknown>>();
    for (const part of chunks(ids)) {
      for (const row of await db.selectFrom('user').select(STORED).where('id', 'in', part).execute()) found.set(Number(row.id), row as Record<string, unknown>);
    }
    return found;
  }

  return async function bulkUpdate(request: FastifyRequest): Promise<BulkUpdated> {
    const { locale } = request;
    const caller = callerOf(request);
    const params = requestParams(request);
    const ids = await targets(request);
    const stored = await storedAccounts(ids);
    if (stored.size !== ids.length) throw new ApiError(Code.NOT_FOUND);
    const values = valuesOf(params.values, request);
    // The destination node must be in the caller's data scope (the accounts are, see accountTargets).
    if ('officeId' in values) await requireOfficeInScope(db, caller.userId, typeof values.officeId === 'number' ? values.officeId : null, locale);
    const names = Object.keys(values) as BulkField[];

    const refused: BulkRefusal[] = [];
    // The values as a save stores them: the same for every account.
    let written: Record<string, unknown> = {};
    const disabling: number[] = [];
    const refuse = (id: number, error: ApiError) => {
      const name = stored.get(id)!.name;
      refused.push({ id, label: name === null || name === undefined ? null : String(name), code: error.code, message: envelopeOf(error, locale).msg });
    };
    const updating: number[] = [];
    for (const id of ids) {
      const account = stored.get(id)!;
      try {
        // The account as stored with these values, checked as its save would be.
        const checked = validStaff({ ...account, ...values }, locale);
        await checkStaffValues(checked, { id, code: String(account.code) }, locale);
        (checked.isEnable === '0' && account.isEnable !== '0' ? disabling : updating).push(id);
        written = Object.fromEntries(names.map((name) => [name, checked[name]]));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        refuse(id, error);
      }
    }
    // Then the account rules a save applies next, for all at once; only a refusal asks which accounts.
    for (const [group, action] of [[disabling, 'disable'], [updating, 'update']] as const) {
      if (group.length === 0) continue;
      try {
        await checkAccountAction(db, caller, group, action);
      } catch (whole) {
        if (!(whole instanceof ApiError)) throw whole;
        let isNamed = false;
        for (const id of group) {
          try {
            await checkAccountAction(db, caller, [id], action);
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            refuse(id, error);
            isNamed = true;
          }
        }
        // Each may go alone, but not every enabled super-admin at once: those are named.
        if (!isNamed) {
          const holders = await superAdminAccountIds(db);
          for (const id of group) if (holders.has(id)) refuse(id, whole);
        }
      }
    }
    if (refused.length) {
      const position = new Map(ids.map((id, i) => [id, i]));
      refused.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
      const code = refused.every((r) => r.code === refused[0]!.code) ? (refused[0]!.code as Code) : Code.VALIDATION_FAILED;
      throw new ApiError(code, format(BULK_REFUSED[locale], { count: refused.length }), { refused });
    }

    await db.transaction().execute(async (trx) => {
      // Checked again where it is written: an account may have gone, changed hands or left the scope since.
      await requireStaffInScope(trx, caller.userId, ids, locale);
      await requireAccounts(trx, ids);
      if (disabling.length) await checkAccountAction(trx, caller, disabling, 'disable');
      if (updating.length) await checkAccountAction(trx, caller, updating, 'update');
      // One statement per part: the values are the same for every account, each version moves by one.
      for (const part of chunks(ids)) {
        await trx
          .updateTable('user')
          .set((eb) => ({ ...written, version: nextVersion(eb) }) as never)
          .where('id', 'in', part)
          .execute();
      }
      if (disabling.length) await revokeSessions(trx, disabling);
    });
    return { updated: ids.length };
  };
}
