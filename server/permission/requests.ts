/** Reading the tree calls' parameters: validated entities, menu types, the app, and the shared delete. */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Code, directoryEntity, format, MENU_TYPES, ruleMessages, validateEntity, type Entity, type FieldValues, type Fields, type Locale, type MenuType } from '../../contract';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { success } from '../http/envelope';
import { requestParams, requiredId, requiredIds } from '../http/params';
import { callerOf } from '../http/requestContext';
import { permissionMessages } from './messages';
import type { PermissionRepository } from './repository';
import { deleteTrees, type FixedFieldLabels } from './treeWrites';

/** The labels a refused change of type or app names (the same in every menu entity). */
export const FIXED_FIELD_LABELS: FixedFieldLabels = {
  menuType: directoryEntity.fields.menuType.label,
  appId: directoryEntity.fields.appId.label,
};

/** The entity's values, or 1001 with the first message per field in the caller's locale. */
export function validated<F extends Fields>(entity: Entity<F>, params: unknown, locale: Locale): FieldValues<F> {
  const validation = validateEntity(entity, params, locale);
  if (!validation.ok) throw new ApiError(Code.VALIDATION_FAILED, validation.message, { fields: validation.fields });
  return validation.value;
}

/** A menu type among `allowed` ("1" and 1 alike), or 1001 on `menuType`. */
export function menuTypeOf(value: unknown, allowed: readonly MenuType[], locale: Locale): MenuType {
  const label = FIXED_FIELD_LABELS.menuType[locale];
  const refuse = (message: string) => new ApiError(Code.VALIDATION_FAILED, message, { fields: { menuType: message } });
  if (value === undefined || value === null || value === '') throw refuse(format(ruleMessages.requiredSelect[locale], { label }));
  const written = typeof value === 'number' || typeof value === 'string' ? String(value).trim() : undefined;
  const type = MENU_TYPES.find((t) => String(t) === written);
  if (type === undefined || !allowed.includes(type)) throw refuse(format(ruleMessages.choice[locale], { label }));
  return type;
}

/** The `appId` parameter of an existing app, or 1001 (missing, malformed) or 1004 (no such app). */
export async function existingAppId(repo: PermissionRepository, params: Record<string, unknown>, locale: Locale): Promise<number> {
  const appId = requiredId(params.appId, locale, 'appId');
  if (!(await repo.appExists(appId))) throw new ApiError(Code.NOT_FOUND, permissionMessages.appMissing);
  return appId;
}

/** `/permission/delete` and `/menu/delete`: the nodes with their descendants and grants, all or nothing. */
export function deleteHandler(db: Kysely<Database>) {
  return async function handleDelete(request: FastifyRequest) {
    const ids = requiredIds(requestParams(request).ids, request.locale);
    const deleted = await deleteTrees(db, callerOf(request), ids);
    if (deleted === undefined) throw new ApiError(Code.NOT_FOUND);
    return success(request, { deleted });
  };
}
