/** A sub-system's own rules beside the generic CRUD (server/policies.ts keys them by resource). */
import { BASE_APP_CODE, Code } from '../../contract';
import type { CrudFeature } from '../crud/feature';
import { chunks } from '../db/chunks';
import { ApiError } from '../errors';
import { appDeleteImpact } from './appDeleteImpact';
import { appMessages } from './messages';

/** The base app carries the console itself; a sub-system with menus or roles would leave orphans. */
export const appPolicy: CrudFeature = {
  async beforeDelete(trx, ids) {
    // In parts: a delete of every matching row may name thousands.
    for (const part of chunks(ids)) {
      const base = await trx.selectFrom('app').select('id').where('code', '=', BASE_APP_CODE).where('id', 'in', part).executeTakeFirst();
      if (base) throw new ApiError(Code.CONFLICT, appMessages.baseAppUndeletable);
    }
    for (const part of chunks(ids)) {
      const menu = await trx.selectFrom('permission').select('id').where('appId', 'in', part).limit(1).executeTakeFirst();
      const role = await trx.selectFrom('role').select('id').where('appId', 'in', part).limit(1).executeTakeFirst();
      if (menu || role) throw new ApiError(Code.CONFLICT, appMessages.appInUse);
    }
  },
  deleteImpact: appDeleteImpact,
};

