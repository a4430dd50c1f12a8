/**
 * The role calls beyond the generic CRUD of the role resource (resources/role/definition.ts):
 * /rolePermission/save, the authorisation dialog's save (GET or POST; appId, roleId and
 * permissionIds, a comma list of the checked nodes and their half-checked parents, may be empty;
 * `grantsVersion`: the version its preview answered), and /grantPreview, who gains and loses what.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { Code, type Locale } from '../../contract';
import { ROLE_CALLS } from '../../contract/paths';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { success } from '../http/envelope';
import { invalidParam, missingParam, requestParams, requiredId } from '../http/params';
import { expectedVersionOf } from '../http/staleVersion';
import { saveRoleGrants } from './roleGrants';
import { grantChangeOf, grantChangeSchema, previewGrantChange } from './grantPreview';
import { grantsVersionParam, previewedVersionOf } from './grantsVersion';
import { PREVIEW_VERSION_PARAM } from '../../contract/grantPreview';
import { z } from 'zod';
import { EXAMPLE_ID, idParam, paramsDoc } from '../http/routeDoc';

/** `permissionIds`: a comma list or an array of ids; '' (or []) is the empty set, absent is refused. */
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
  };
}
