/**
 * Rules a resource adds to the generic CRUD, keyed by resource name. Kept to what protects the
 * data's integrity; everything else is declarative.
 */
import type { Kysely } from 'kysely';
import { BASE_APP_CODE, Code } from '../../contract';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { crudMessages } from './messages';

export interface ResourcePolicy {
  /** Runs inside the delete's transaction once every id is known to exist; throw to refuse. */
  beforeDelete?(trx: Kysely<Database>, ids: readonly number[]): Promise<void>;
}

/** The base app carries the console itself; a sub-system with menus or roles would leave orphans. */
const appPolicy: ResourcePolicy = {
  async beforeDelete(trx, ids) {
    const base = await trx.selectFrom('app').select('id').where('code', '=', BASE_APP_CODE).where('id', 'in', ids).executeTakeFirst();
    if (base) throw new ApiError(Code.CONFLICT, crudMessages.baseAppUndeletable);
    const menu = await trx.selectFrom('permission').select('id').where('appId', 'in', ids).limit(1).executeTakeFirst();
    const role = await trx.selectFrom('role').select('id').where('appId', 'in', ids).limit(1).executeTakeFirst();
    if (menu || role) throw new ApiError(Code.CONFLICT, crudMessages.appInUse);
  },
};

export const resourcePolicies: Readonly<Record<string, ResourcePolicy>> = {
  app: appPolicy,
};
