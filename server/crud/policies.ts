/**
 * Rules a resource adds to the generic CRUD, keyed by resource name. Kept to what protects the
 * data's integrity and the callers' rights; everything else is declarative.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { BASE_APP_CODE, Code, type Locale } from '../../contract';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import type { Caller } from '../http/requestContext';
import { rolePolicy } from '../roles/rolePolicy';
import { crudMessages } from './messages';
import type { ResourceRecord } from './repository';

/** Who asks, as a policy sees it. */
export interface PolicyContext {
  caller: Caller | null;
  locale: Locale;
}

export function contextOf(request: FastifyRequest): PolicyContext {
  return { caller: request.caller, locale: request.locale };
}

/** A validated save: `existing` is the stored record on update (its key fields already checked unchanged). */
export interface SaveChange {
  id: number | undefined;
  values: Readonly<Record<string, unknown>>;
  existing: ResourceRecord | undefined;
}

export interface ResourcePolicy {
  /** Runs before a validated create or update is stored; throw to refuse. */
  beforeSave?(db: Kysely<Database>, change: SaveChange, context: PolicyContext): Promise<void>;
  /** Runs inside the delete's transaction once every id is known to exist; throw to refuse. */
  beforeDelete?(trx: Kysely<Database>, ids: readonly number[], context: PolicyContext): Promise<void>;
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
  role: rolePolicy,
};
