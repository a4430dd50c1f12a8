/** Staff calls under /base/admin, at the paths of contract/paths.ts (SPEC §7 Users). */
import { PREVIEW_VERSION_PARAM } from '../../contract/grantPreview';
import { grantsVersionParam } from '../roles/grantsVersion';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Code, ROLE_ENDS_PARAM } from '../../contract';
import { STAFF_CALLS as S } from '../../contract/paths';
import { CHANGE_EMAIL_PATH, CHANGE_PASSWORD_PATH } from '../../contract/session';
import type { Grants } from '../auth/grants';
import type { LoginThrottle } from '../auth/throttle';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { acceptFileBodies, IMPORT_ROUTE_OPTIONS } from '../import/fileBody';
import { success } from '../http/envelope';
import { missingParam, optionalId, requestParams, requiredId, textParam } from '../http/params';
import { callerOf } from '../http/requestContext';
import { requireStaffInScope, staffScopeOf } from '../scope/dataScope';
import { accountActions } from './accountActions';
import { staffBulkUpdater } from './bulkStaff';
import { emailChanger } from './changeEmail';
import { passwordChanger } from './changePassword';
import { createStaffList } from './listQuery';
import { pickerRows } from './pickerRows';
import { staffSaver } from './saveStaff';
import { staffExporter } from './staffExport';
import { staffHistory } from './staffHistory';
import { staffImporter } from './staffImport';
import { loadStaff } from './staffRecord';
import { z } from 'zod';
import { idCardCheckCharacter, ownEmailEntity, PASSWORD_HASH_PATTERN, staffEntity } from '../../contract';
import { entitySchema } from '../../contract/validation';
import { VERSION_FIELD } from '../../contract/recordVersion';
import { EXAMPLE_ID, idDoc, idParam, idsDoc, idsParam, paramsDoc, type RouteDoc } from '../http/routeDoc';
import { IMPORT_DOC } from '../import/fileBody';

/** An example password hash: well formed, nobody's password. */
const EXAMPLE_HASH = 'a3f1c2e4b5d60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';

/** A complete, valid account (made-up person; the ID number's check character is right). */
const STAFF_EXAMPLE = {
  name: '示例', code: 'E99999', telephone: '13899999999', sex: 1, birthday: '1990-05-17', nation: '01', card: `33010619900000001${idCardCheckCharacter('33010619900000001')}`,
  marriageStatus: 1, email: 'example@example.com', crashName: '李四', crashPhone: '13900000000',
  censusProvince: '330000', censusCity: '330100', censusArea: '330106', censusAddress: '文三路 90 号',
  liveProvince: '110000', liveCity: '110100', liveArea: '110105', liveAddress: '建国路 88 号',
  graduatedSchool: '浙江大学', specialty: '计算机科学', education: 4, graduatedTime: '2012-06-30', position: '工程师', grade: 'P5', isEnable: '1',
};

/** `{ userCenter, roleIds }`: the account (the staff entity, `id` and `version` for an update) and its roles. */
const STAFF_SAVE_DOC: RouteDoc = {
  params: z.object({
    userCenter: (entitySchema(staffEntity) as unknown as z.ZodObject).extend({ id: idParam.optional(), [VERSION_FIELD]: idParam.optional() }),
    roleIds: z.union([z.string(), z.array(idParam)]).optional().describe('role ids, comma separated; absent: an update keeps the roles'),
    [ROLE_ENDS_PARAM]: z
      .record(z.string(), z.number().int().positive().nullable())
      .optional()
      .describe('role id → when that link ends (epoch ms, in the future; null: no end), for roles being assigned; a role left out keeps its end, a new one has none'),
    [PREVIEW_VERSION_PARAM]: grantsVersionParam,
  }),
  example: { userCenter: { id: EXAMPLE_ID, ...STAFF_EXAMPLE } },
  codes: [Code.FORBIDDEN, Code.NOT_FOUND, Code.DUPLICATE, Code.STALE_VERSION, Code.CONFLICT],
};

const HISTORY_DOC = paramsDoc({ id: idParam, pageNo: z.coerce.number().int().positive().optional(), pageSize: z.coerce.number().int().positive().optional() }, { id: EXAMPLE_ID }, [Code.NOT_FOUND]);
const REVERT_DOC = paramsDoc(
  { id: idParam, auditId: idParam.describe('the audit row of the edit to revert'), [VERSION_FIELD]: idParam.optional().describe('the account version the history was read at') },
  { id: EXAMPLE_ID, auditId: EXAMPLE_ID },
  [Code.NOT_FOUND, Code.CONFLICT, Code.STALE_VERSION],
);

export function staffRoutes(db: Kysely<Database>, throttle: LoginThrottle, grants: Pick<Grants, 'canCallApi'>) {
  // The list routes have it from the guard's session statement (config readsStaffScope).
  const callerScope = async (request: FastifyRequest) => callerOf(request).staffScope ?? (await staffScopeOf(db, callerOf(request).userId));
  const staffList = createStaffList(db);
  const save = staffSaver(db);
  const actions = accountActions(db, staffList);
  const bulkUpdate = staffBulkUpdater(db, staffList);
  const changePassword = passwordChanger(db, throttle);
  const changeEmail = emailChanger(db, throttle);
  const history = staffHistory(db, grants, save);

  return async function register(app: FastifyInstance): Promise<void> {
    app.route({
      method: ['GET', 'POST'],
      url: S.list,
      config: { readsStaffScope: true },
      handler: async (request) => success(request, await staffList.list(requestParams(request), request.locale, await callerScope(request))),
    });
    // The add-member dialog's candidate search: the same search, its own API element, and only
    // what the picker shows (no ID card, contacts or addresses).
    app.route({
      method: ['GET', 'POST'],
      url: S.filterList,
      config: { readsStaffScope: true },
      handler: async (request) => success(request, pickerRows(await staffList.list(requestParams(request), request.locale, await callerScope(request)))),
    });

    // What the filters select, as a streamed .xlsx; it writes its audit row (server/export).
    const exportStaff = staffExporter(db, staffList);
    app.route({ method: ['GET', 'POST'], url: S.export, config: { writes: true, unaudited: true }, handler: exportStaff });

    // New accounts from .xlsx: the body is the file's bytes, parsed only in this scope (server/import).
    const importer = staffImporter(db);
    await app.register(async (scope) => {
      acceptFileBodies(scope);
      scope.post(S.import, { ...IMPORT_ROUTE_OPTIONS, config: { writes: true, doc: IMPORT_DOC } }, importer.importStaff);
    });
    app.get(S.importTemplate, { config: { doc: {} } }, importer.template);

    app.get(S.validTelephone, { config: { doc: paramsDoc({ telephone: z.string().min(1), userId: idParam.optional().describe('the account being edited') }, { telephone: '13800000000' }) } }, async (request) => {
      const params = requestParams(request);
      const telephone = textParam(params.telephone);
      if (telephone === undefined) throw missingParam('telephone', request.locale);
      const userId = optionalId(params.userId, request.locale, 'userId');
      const owner = await db.selectFrom('user').select('id').where('telephone', '=', telephone).executeTakeFirst();
      return success(request, owner === undefined || owner.id === userId);
    });

    app.get(S.detail, { config: { doc: idDoc } }, async (request) => {
      const id = requiredId(requestParams(request).id, request.locale);
      // Outside the caller's scope, or (for a scoped caller) missing: 1003 alike.
      await requireStaffInScope(db, callerOf(request).userId, [id], request.locale);
      const detail = await loadStaff(db, id);
      if (!detail) throw new ApiError(Code.NOT_FOUND);
      return success(request, detail);
    });

    app.post(S.saveOrUpdate, { config: { writes: true, doc: STAFF_SAVE_DOC } }, async (request) => success(request, await save(request)));

    // An account's history, and reverting one edit through the save above (./staffHistory.ts).
    app.get(S.history, { config: { doc: HISTORY_DOC } }, async (request) => success(request, await history.history(request)));
    app.post(S.revert, { config: { writes: true, doc: REVERT_DOC } }, async (request) => success(request, await history.revert(request)));

    const action = (run: (request: Parameters<typeof actions.enable>[0]) => Promise<void>) => async (request: Parameters<typeof actions.enable>[0]) => {
      await run(request);
      return success(request, null);
    };
    app.route({ method: ['GET', 'POST'], url: S.enable, config: { writes: true, doc: paramsDoc({ ids: idsParam, isEnable: z.enum(['0', '1']) }, { ids: String(EXAMPLE_ID), isEnable: '1' }, [Code.NOT_FOUND]) }, handler: action(actions.enable) });
    app.route({ method: ['GET', 'POST'], url: S.resetPwd, config: { writes: true, doc: paramsDoc({ ids: idsParam, pwd: z.string().regex(PASSWORD_HASH_PATTERN).describe('SHA-256 of the password, hex') }, { ids: String(EXAMPLE_ID), pwd: EXAMPLE_HASH }, [Code.NOT_FOUND]) }, handler: action(actions.resetPassword) });
    app.route({ method: ['GET', 'POST'], url: S.delete, config: { writes: true, doc: idsDoc }, handler: action(actions.remove) });
    // A department or state set on the chosen (or every matching) account, each checked as its save; audited per account.
    app.post(S.bulkUpdate, { config: { writes: true, doc: paramsDoc({ ids: idsParam, values: z.object({ officeId: idParam.nullable(), isEnable: z.enum(['0', '1']) }).partial() }, { ids: String(EXAMPLE_ID), values: { isEnable: '1' } }, [Code.NOT_FOUND]) } }, async (request) => success(request, await bulkUpdate(request)));

    app.post(CHANGE_PASSWORD_PATH, { config: { access: 'session', writes: true, doc: paramsDoc({ oldPwd: z.string().regex(PASSWORD_HASH_PATTERN).describe('SHA-256 of the password, hex'), newPwd: z.string().regex(PASSWORD_HASH_PATTERN).describe('SHA-256 of the password, hex') }, { oldPwd: EXAMPLE_HASH, newPwd: EXAMPLE_HASH.replace('0', '1') }, [Code.LOGIN_FAILED, Code.TOO_MANY_ATTEMPTS]) } }, action(changePassword));
    app.post(CHANGE_EMAIL_PATH, { config: { access: 'session', writes: true, doc: paramsDoc({ pwd: z.string().regex(PASSWORD_HASH_PATTERN).describe('SHA-256 of the password, hex'), email: (entitySchema(ownEmailEntity) as unknown as z.ZodObject).shape.email! }, { pwd: EXAMPLE_HASH, email: 'someone@example.com' }, [Code.LOGIN_FAILED, Code.TOO_MANY_ATTEMPTS, Code.DUPLICATE]) } }, action(changeEmail));
  };
}
