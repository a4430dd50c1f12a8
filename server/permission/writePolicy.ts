/**
 * Who may write which nodes of the menu/permission tree. The guard matches a caller's API elements
 * by their `url`, so writing the tree is writing grants. A caller without the super-admin role:
 * - touches only nodes granted to them: updates and deletes them (descendants included), and
 *   places a node (created or moved) only under one of them;
 * - gives an API element (created or re-pointed) only a `url` their roles already reach in its app;
 * - re-points an API element only to a `url` every role holding it already reaches, so that no
 *   edit widens another role's reach either.
 * A node they create is granted to nobody; only a holder of it could grant it, and they do not.
 * Refusals are 1003. Runs inside the write's transaction, after its app is locked.
 */
import type { Kysely } from 'kysely';
import { Code, MenuType, ROOT_ID } from '../../contract';
import { grantedPermissionIds, isSuperAdmin, superAdminRoleId } from '../auth/grants';
import { chunks } from '../db/chunks';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import type { Caller } from '../http/requestContext';
import { permissionMessages } from './messages';
import type { PermissionRecord } from './repository';

export type TreeWriter = Pick<Caller, 'userId'>;

/** The node as the write would leave it. */
type NodeAfter = Pick<PermissionRecord, 'menuType' | 'appId' | 'parentId' | 'url'>;

/** How many of `ids` are not granted to the user. */
async function countNotGranted(db: Kysely<Database>, userId: number, ids: readonly number[]): Promise<number> {
  let count = 0;
  for (const part of chunks(ids)) {
    const row = await db
      .selectFrom('permission')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', 'in', part)
      .where('id', 'not in', grantedPermissionIds(db, userId))
      .executeTakeFirst();
    count += Number(row?.n ?? 0);
  }
  return count;
}

/** Whether one of the user's enabled roles holds an API element of the app with `url`. */
async function reaches(db: Kysely<Database>, userId: number, appId: number, url: string): Promise<boolean> {
  const row = await db
    .selectFrom('permission')
    .select('id')
    .where('appId', '=', appId)
    .where('menuType', '=', MenuType.API)
    .where('url', '=', url)
    .where('id', 'in', grantedPermissionIds(db, userId))
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a role holding node `id` lacks every API element of the app with `url` (the super-admin role holds all). */
async function holderWouldGain(db: Kysely<Database>, id: number, appId: number, url: string): Promise<boolean> {
  const superAdmin = await superAdminRoleId(db);
  const row = await db
    .selectFrom('rolePermission as rp')
    .select('rp.roleId')
    .where('rp.permissionId', '=', id)
    .$if(superAdmin !== undefined, (query) => query.where('rp.roleId', '!=', superAdmin!))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('rolePermission as held')
            .innerJoin('permission as p', 'p.id', 'held.permissionId')
            .select('p.id')
            .whereRef('held.roleId', '=', 'rp.roleId')
            .where('p.appId', '=', appId)
            .where('p.menuType', '=', MenuType.API)
            .where('p.url', '=', url),
        ),
      ),
    )
    .executeTakeFirst();
  return row !== undefined;
}

const refuse = (message: (typeof permissionMessages)[keyof typeof permissionMessages]) => new ApiError(Code.FORBIDDEN, message);

/** Refuses (1003) a save the caller may not make: `existing` is the stored node on update. */
export async function checkNodeSave(db: Kysely<Database>, caller: TreeWriter, after: NodeAfter, existing: PermissionRecord | undefined): Promise<void> {
  if (await isSuperAdmin(db, caller.userId)) return;
  const isPlaced = (!existing || existing.parentId !== after.parentId) && after.parentId !== ROOT_ID;
  const touched = [...(existing ? [existing.id] : []), ...(isPlaced ? [after.parentId] : [])];
  if ((await countNotGranted(db, caller.userId, touched)) > 0) throw refuse(permissionMessages.nodeBeyondOwn);
  if (after.menuType !== MenuType.API || existing?.url === after.url) return;
  if (!(await reaches(db, caller.userId, after.appId, after.url))) throw refuse(permissionMessages.urlBeyondReach);
  if (existing && (await holderWouldGain(db, existing.id, after.appId, after.url))) throw refuse(permissionMessages.urlWidensHolders);
}

/** Refuses (1003) a delete of `ids` (every node going, descendants included) the caller may not make. */
export async function checkNodeDelete(db: Kysely<Database>, caller: TreeWriter, ids: readonly number[]): Promise<void> {
  if (await isSuperAdmin(db, caller.userId)) return;
  if ((await countNotGranted(db, caller.userId, ids)) > 0) throw refuse(permissionMessages.nodeBeyondOwn);
}
