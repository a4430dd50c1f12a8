/**
 * An account's history (/user/history) and the revert of one of its edits (/user/revert),
 * contract/history.ts. A revert is replayed through the staff save (./saveStaff.ts) as an edit of
 * the whole account with the restored fields, its roles kept (none sent), so every staff rule and
 * the caller's data scope apply; the caller must also hold the save (1003 otherwise).
 *
 * Restorable are the staff form's fields less the code (the login name, fixed), the personal ones
 * (logged masked: no value to restore) and the account's switch (it decides who may sign in). A
 * password is never in the account's form and is logged as ******; role links are rows of their
 * own, never the account's history.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Code, staffEntity } from '../../contract';
import { STAFF_PERSONAL_FIELDS } from '../../contract/entities/staff';
import { STAFF_CALLS } from '../../contract/paths';
import { VERSION_FIELD } from '../../contract/recordVersion';
import type { Grants } from '../auth/grants';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { optionalId, requestParams, requiredId } from '../http/params';
import { callerOf } from '../http/requestContext';
import { historyPage, revertValues, type HistorySubject } from '../history/recordHistory';
import { requireStaffInScope } from '../scope/dataScope';
import type { staffSaver } from './saveStaff';
import { loadStaff } from './staffRecord';

/** Fields of the account a revert never restores beyond the personal ones. */
const KEPT: ReadonlySet<string> = new Set(['code', 'isEnable', ...Object.keys(STAFF_PERSONAL_FIELDS)]);

export function staffHistory(db: Kysely<Database>, grants: Pick<Grants, 'canCallApi'>, save: ReturnType<typeof staffSaver>) {
  const subject: HistorySubject = { db, table: 'user', restorable: new Set(Object.keys(staffEntity.fields).filter((field) => !KEPT.has(field))) };

  /** The account as stored, once the caller is known to reach it (1003 outside their scope, 1004 when gone). */
  async function accountOf(request: FastifyRequest, id: number) {
    await requireStaffInScope(db, callerOf(request).userId, [id], request.locale);
    const account = await loadStaff(db, id);
    if (!account) throw new ApiError(Code.NOT_FOUND);
    return account.userCenter as unknown as Record<string, unknown> & { id: number };
  }

  return {
    async history(request: FastifyRequest) {
      const params = requestParams(request);
      const account = await accountOf(request, requiredId(params.id, request.locale));
      return historyPage(subject, account, params, request.locale);
    },

    async revert(request: FastifyRequest) {
      const { locale } = request;
      const caller = callerOf(request);
      const params = requestParams(request);
      const id = requiredId(params.id, locale);
      const auditId = requiredId(params.auditId, locale, 'auditId');
      const version = optionalId(params[VERSION_FIELD], locale, VERSION_FIELD);
      const account = await accountOf(request, id);
      // A revert is an edit: only for a caller who may edit accounts.
      if (!(await grants.canCallApi(caller.userId, STAFF_CALLS.saveOrUpdate, caller.grantsVersion))) throw new ApiError(Code.FORBIDDEN);
      const values = await revertValues(subject, account, auditId);
      const { adminFlag: _supervisor, ...stored } = account;
      return save(request, { userCenter: { ...stored, ...values, id, [VERSION_FIELD]: version ?? account[VERSION_FIELD] } });
    },
  };
}
