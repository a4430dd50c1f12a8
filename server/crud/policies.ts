/**
 * Rules a resource adds to the generic CRUD, keyed by resource name. Kept to what protects the
 * data's integrity and the callers' rights; everything else is declarative.
 */
import { BASE_APP_CODE, Code } from '../../contract';
import type { ResourceDefinition } from '../../resources/define';
import { resourceDefinitions } from '../../resources/registry';
import { dicPolicy } from '../dic/dicPolicy';
import { ApiError } from '../errors';
import { rolePolicy } from '../roles/rolePolicy';
import { appDeleteImpact } from './appDeleteImpact';
import { crudMessages } from './messages';
import type { ResourcePolicy } from './policy';

/** The base app carries the console itself; a sub-system with menus or roles would leave orphans. */
const appPolicy: ResourcePolicy = {
  async beforeDelete(trx, ids) {
    const base = await trx.selectFrom('app').select('id').where('code', '=', BASE_APP_CODE).where('id', 'in', ids).executeTakeFirst();
    if (base) throw new ApiError(Code.CONFLICT, crudMessages.baseAppUndeletable);
    const menu = await trx.selectFrom('permission').select('id').where('appId', 'in', ids).limit(1).executeTakeFirst();
    const role = await trx.selectFrom('role').select('id').where('appId', 'in', ids).limit(1).executeTakeFirst();
    if (menu || role) throw new ApiError(Code.CONFLICT, crudMessages.appInUse);
  },
  deleteImpact: appDeleteImpact,
};

/** The policies of the declared resources `definitions` (some rules read the other resources' fields). */
export function resourcePoliciesOf(definitions: readonly ResourceDefinition[]): Readonly<Record<string, ResourcePolicy>> {
  return {
    app: appPolicy,
    role: rolePolicy,
    dic: dicPolicy(definitions),
  };
}

export const resourcePolicies = resourcePoliciesOf(resourceDefinitions);
