/**
 * The role calls beyond the generic CRUD of the role resource (resources/role/definition.ts):
 * /rolePermission/save, the authorisation dialog's save (GET or POST; appId, roleId and
 * permissionIds, a comma list of the checked nodes and their half-checked parents, may be empty;
 * `grantsVersion`: the version its preview answered), /grantPreview, who gains and loses what,
 * and a role's data scope (/roleDataScope/detail and /roleDataScope/save, ./roleDataScope.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { Code, DataScope, SCOPE_OFFICES_MAX, type Locale } from '../../contract';
import { ROLE_CALLS } from '../../contract/paths';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { success } from '../http/envelope';
import { invalidParam, missingParam, requestParams, requiredId } from '../http/params';
import { expectedVersionOf } from '../http/staleVersion';
import { roleMessages } from './messages';
import { readRoleDataScope, saveRoleDataScope } from './roleDataScope';
import { saveRoleGrants } from './roleGrants';
import { grantChangeOf, grantChangeSchema, previewGrantChange } from './grantPreview';
import { grantsVersionParam, previewedVersionOf } from './grantsVersion';
import { PREVIEW_VERSION_PARAM } from '../../contract/grantPreview';
import { z } from 'zod';
import { EXAMPLE_ID, idParam, paramsDoc } from '../http/routeDoc';

/** `permissionIds` (or `officeIds`): a comma list or an array of ids; '' (or []) is the empty set, absent is refused. */
function permissionIdList(value: unknown, locale: Locale, name = 'permissionIds'): number[] {
  if (value === undefined || value === null) throw missingParam(name, locale);
  const parts: unknown[] = typeof value === 'string' ? (value.trim() === '' ? [] : value.split(',')) : Array.isArray(value) ? value : [value];
  const ids = parts.map((part) => {
    const raw = typeof part === 'number' ? String(part) : typeof part === 'string' ? part.trim() : '';
    return /^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
  });
  if (ids.some((id) => id === undefined)) throw invalidParam(name, locale);
  return [...new Set(ids as number[])];
}

export function roleRoutes(db: Kysely<Database>) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.route({
      method: ['GET', 'POST'],
      url: ROLE_CALLS.grant,
      config: { writes: true, doc: paramsDoc({ appId: idParam, roleId: idParam, permissionIds: z.union([z.string().regex(/^(\d{1,15}(,\d{1,15})*)?$/), z.array(z.int().positive())]).describe('the granted node ids, comma separated (checked and half-checked)'), version: idParam.optional(), [PREVIEW_VERSION_PARAM]: grantsVersionParam }, { appId: EXAMPLE_ID, roleId: EXAMPLE_ID, permissionIds: '' }, [Code.NOT_FOUND, Code.STALE_VERSION, Code.CONFLICT]) },
      handler: async (request) => {
        const { locale } = request;
        if (!request.caller) throw new ApiError(Code.NO_TOKEN);
        const params = requestParams(request);
        const appId = requiredId(params.appId, locale, 'appId');
        const roleId = requiredId(params.roleId, locale, 'roleId');
        const permissionIds = permissionIdList(params.permissionIds, locale);
        const expectedVersion = expectedVersionOf(params, roleId, locale);
        const grantsVersion = previewedVersionOf(params, locale);
        await saveRoleGrants(db, request.caller, { appId, roleId, permissionIds, expectedVersion, grantsVersion }, locale);
        return success(request, null);
      },
    });

    // Reads only: the change is made and rolled back (./grantPreview.ts).
    app.post(
      ROLE_CALLS.preview,
      { config: { doc: { params: grantChangeSchema, example: { kind: 'roleEnable', roleId: EXAMPLE_ID, isEnable: '1' }, codes: [Code.NOT_FOUND, Code.CONFLICT] } } },
      async (request) => {
        if (!request.caller) throw new ApiError(Code.NO_TOKEN);
        const change = grantChangeOf(request.body, request.locale);
        return success(request, await previewGrantChange(db, request.caller, change, request.locale));
      },
    );

    app.get(ROLE_CALLS.dataScope, { config: { doc: paramsDoc({ roleId: idParam }, { roleId: EXAMPLE_ID }, [Code.NOT_FOUND]) } }, async (request) => {
      const scope = await readRoleDataScope(db, requiredId(requestParams(request).roleId, request.locale, 'roleId'));
      if (!scope) throw new ApiError(Code.NOT_FOUND, roleMessages.roleMissing);
      return success(request, scope);
    });

    app.post(
      ROLE_CALLS.saveDataScope,
      {
        config: {
          writes: true,
          doc: paramsDoc(
            {
              roleId: idParam,
              dataScope: z.union([z.literal(DataScope.ALL), z.literal(DataScope.CHOSEN), z.literal(DataScope.DEPARTMENT_TREE), z.literal(DataScope.DEPARTMENT), z.literal(DataScope.SELF)]).describe('1 all, 2 chosen departments, 3 own department and its groups, 4 own department, 5 self'),
              officeIds: z.union([z.string(), z.array(idParam).max(SCOPE_OFFICES_MAX)]).optional().describe('the chosen nodes (scope 2), comma separated or an array'),
              version: idParam.optional().describe('the role version the scope was read at'),
            },
            { roleId: EXAMPLE_ID, dataScope: DataScope.CHOSEN, officeIds: [EXAMPLE_ID], version: 1 },
            [Code.NOT_FOUND, Code.CONFLICT, Code.STALE_VERSION],
          ),
        },
      },
      async (request) => {
        const { locale } = request;
        if (!request.caller) throw new ApiError(Code.NO_TOKEN);
        const params = requestParams(request);
        const roleId = requiredId(params.roleId, locale, 'roleId');
        const dataScope = Number(params.dataScope);
        if (params.dataScope === undefined || params.dataScope === null || params.dataScope === '') throw missingParam('dataScope', locale);
        if (!Number.isInteger(dataScope)) throw invalidParam('dataScope', locale);
        const officeIds = params.officeIds === undefined || params.officeIds === null ? [] : permissionIdList(params.officeIds, locale, 'officeIds');
        await saveRoleDataScope(db, request.caller, { roleId, dataScope, officeIds, expectedVersion: expectedVersionOf(params, roleId, locale) }, locale);
        return success(request, await readRoleDataScope(db, roleId));
      },
    );
  };
}
