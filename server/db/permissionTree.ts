/** Writes built menu/permission subtrees (see baseMenuTree) and grants them to a role. */
import type { Kysely } from 'kysely';
import type { MenuSeed } from './baseMenuTree';
import type { Database } from './schema';

/** Inserts `nodes` with their descendants below `parentId` (0: top level); returns every new id, parents first. */
export async function insertSubtree(db: Kysely<Database>, appId: number, nodes: readonly MenuSeed[], parentId = 0): Promise<number[]> {
  const ids: number[] = [];
  for (const { children, ...fields } of nodes) {
    const { id } = await db.insertInto('permission').values({ ...fields, appId, parentId }).returning('id').executeTakeFirstOrThrow();
    ids.push(id, ...(await insertSubtree(db, appId, children, id)));
  }
  return ids;
}

/** Grants `permissionIds` to a role. */
export async function grantToRole(db: Kysely<Database>, roleId: number, permissionIds: readonly number[]): Promise<void> {
  if (permissionIds.length === 0) return;
  await db
    .insertInto('rolePermission')
    .values(permissionIds.map((permissionId) => ({ roleId, permissionId })))
    .execute();
}

/** Number of nodes in `nodes` and their descendants. */
export function countNodes(nodes: readonly MenuSeed[]): number {
  return nodes.reduce((n, { children }) => n + 1 + countNodes(children), 0);
}
