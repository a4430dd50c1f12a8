/** Staff calls under /base/admin, at the paths of contract/paths.ts (SPEC §7 Users). */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { Code } from '../../contract';
import { STAFF_CALLS as S } from '../../contract/paths';
import { CHANGE_EMAIL_PATH, CHANGE_PASSWORD_PATH } from '../../contract/session';
import type { LoginThrottle } from '../auth/throttle';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { acceptFileBodies, IMPORT_ROUTE_OPTIONS } from '../import/fileBody';
import { success } from '../http/envelope';
import { missingParam, optionalId, requestParams, requiredId, textParam } from '../http/params';
import { accountActions } from './accountActions';
import { emailChanger } from './changeEmail';
import { passwordChanger } from './changePassword';
import { createStaffList } from './listQuery';
import { pickerRows } from './pickerRows';
import { staffSaver } from './saveStaff';
import { staffExporter } from './staffExport';
import { staffImporter } from './staffImport';
import { loadStaff } from './staffRecord';

export function staffRoutes(db: Kysely<Database>, throttle: LoginThrottle) {
  const staffList = createStaffList(db);
  const save = staffSaver(db);
  const actions = accountActions(db);
  const changePassword = passwordChanger(db, throttle);
  const changeEmail = emailChanger(db, throttle);

  return async function register(app: FastifyInstance): Promise<void> {
    app.route({
      method: ['GET', 'POST'],
      url: S.list,
      handler: async (request) => success(request, await staffList.list(requestParams(request), request.locale)),
    });
    // The add-member dialog's candidate search: the same search, its own API element, and only
    // what the picker shows (no ID card, contacts or addresses).
    app.route({
      method: ['GET', 'POST'],
      url: S.filterList,
      handler: async (request) => success(request, pickerRows(await staffList.list(requestParams(request), request.locale))),
    });

    // What the filters select, as a streamed .xlsx; it writes its audit row (server/export).
    const exportStaff = staffExporter(db, staffList);
    app.route({ method: ['GET', 'POST'], url: S.export, config: { writes: true, unaudited: true }, handler: exportStaff });

    // New accounts from .xlsx: the body is the file's bytes, parsed only in this scope (server/import).
    const importer = staffImporter(db);
    await app.register(async (scope) => {
      acceptFileBodies(scope);
      scope.post(S.import, { ...IMPORT_ROUTE_OPTIONS, config: { writes: true } }, importer.importStaff);
    });
    app.get(S.importTemplate, importer.template);

    app.get(S.validTelephone, async (request) => {
      const params = requestParams(request);
      const telephone = textParam(params.telephone);
      if (telephone === undefined) throw missingParam('telephone', request.locale);
      const userId = optionalId(params.userId, request.locale, 'userId');
      const owner = await db.selectFrom('user').select('id').where('telephone', '=', telephone).executeTakeFirst();
      return success(request, owner === undefined || owner.id === userId);
    });

    app.get(S.detail, async (request) => {
      const detail = await loadStaff(db, requiredId(requestParams(request).id, request.locale));
      if (!detail) throw new ApiError(Code.NOT_FOUND);
      return success(request, detail);
    });

    app.post(S.saveOrUpdate, { config: { writes: true } }, async (request) => success(request, await save(request)));

    const action = (run: (request: Parameters<typeof actions.enable>[0]) => Promise<void>) => async (request: Parameters<typeof actions.enable>[0]) => {
      await run(request);
      return success(request, null);
    };
    app.route({ method: ['GET', 'POST'], url: S.enable, config: { writes: true }, handler: action(actions.enable) });
    app.route({ method: ['GET', 'POST'], url: S.resetPwd, config: { writes: true }, handler: action(actions.resetPassword) });
    app.route({ method: ['GET', 'POST'], url: S.delete, config: { writes: true }, handler: action(actions.remove) });

    app.post(CHANGE_PASSWORD_PATH, { config: { access: 'session', writes: true } }, action(changePassword));
    app.post(CHANGE_EMAIL_PATH, { config: { access: 'session', writes: true } }, action(changeEmail));
  };
}
