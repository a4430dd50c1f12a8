/**
 * The sub-systems a caller sees on the workbench: those shown on the workbench (isEnable '1') in
 * which the caller holds at least one node; a super-admin sees every shown one. Sorted by `sort`.
 */
import type { Kysely } from 'kysely';
import type { App } from '../../contract';
import { grantedPermissionIds, isSuperAdmin } from '../auth/grants';
import type { Database } from '../db/schema';

/** What a workbench card needs of an app. */
export type WorkbenchApp = Pick<App, 'id' | 'code' | 'name' | 'businessType' | 'sort' | 'address' | 'logo'>;

const SHOWN = '1';

export async function workbenchApps(db: Kysely<Database>, userId: number): Promise<WorkbenchApp[]> {
  let query = db
    .selectFrom('app as a')
    .select(['a.id', 'a.code', 'a.name', 'a.businessType', 'a.sort', 'a.address', 'a.logo'])
    .where('a.isEnable', '=', SHOWN);
  if (!(await isSuperAdmin(db, userId))) {
    query = query.where((eb) =>
      eb.exists(eb.selectFrom('permission as p').select('p.id').whereRef('p.appId', '=', 'a.id').where('p.id', 'in', grantedPermissionIds(db, userId))),
    );
  }
  return query.orderBy('a.sort').orderBy('a.id').execute();
}
