/**
 * The roles a staff member holds, in every app, as the effective view lists them: each link not
 * ended (user_role.expires_at null or later than now), disabled roles included (they say so), with
 * the role's data scope (no row: all) and, for a chosen scope, its departments' names.
 */
import type { Kysely } from 'kysely';
import { DataScope } from '../../contract/dataScope';
import type { HeldRole } from '../../contract/effective';
import type { Database } from '../db/schema';
import { linkInForce } from '../roles/linkInForce';

export async function heldRoles(db: Kysely<Database>, userId: number, now = Date.now()): Promise<HeldRole[]> {
  const rows = await db
    .selectFrom('userRole as ur')
    .innerJoin('role as r', 'r.id', 'ur.roleId')
    .leftJoin('roleDataScope as ds', 'ds.roleId', 'r.id')
    .select(['r.id', 'r.roleKey', 'r.name', 'r.appId', 'r.isEnable', 'ds.dataScope', 'ur.expiresAt'])
    .where('ur.userId', '=', userId)
    .where(linkInForce('ur', now))
    .orderBy('r.appId')
    .orderBy('r.sortNum')
    .orderBy('r.id')
    .execute();
  const chosen = rows.filter((row) => row.dataScope === DataScope.CHOSEN).map((row) => row.id);
  const offices = chosen.length
    ? await db
        .selectFrom('roleScopeOffice as so')
        .innerJoin('office as o', 'o.id', 'so.officeId')
        .select(['so.roleId', 'o.id', 'o.name'])
        .where('so.roleId', 'in', chosen)
        .orderBy('o.id')
        .execute()
    : [];
  return rows.map((row) => ({
    id: row.id,
    roleKey: row.roleKey,
    name: row.name,
    appId: row.appId,
    isEnable: row.isEnable,
    dataScope: row.dataScope ?? DataScope.ALL,
    scopeOffices: offices.filter((office) => office.roleId === row.id).map(({ id, name }) => ({ id, name })),
    expiresAt: row.expiresAt ?? null,
  }));
}
