/**
 * Two staff members' reach in one app side by side: the nodes each reaches that the other does
 * not, and how many both reach. What a user reaches is the guard's rule (grants.ts `grantedIds`);
 * the roles named on a node only annotate it, as on the effective tree.
 */
import type { Kysely } from 'kysely';
import { buildTree, type PermissionRecord } from '../../contract';
import type { ComparedNode, EffectiveComparison, GrantingRole } from '../../contract/effective';
import { grantedIds } from '../auth/grants';
import type { Database } from '../db/schema';
import type { EffectiveRepository } from './repository';

type TreeNode = PermissionRecord & { children: TreeNode[] };

/** Node ids in the order the tree shows them (depth first, by sort). */
function treeOrder(nodes: readonly PermissionRecord[]): Map<number, number> {
  const order = new Map<number, number>();
  const visit = (list: readonly TreeNode[]) => {
    for (const node of list) {
      order.set(node.id, order.size);
      visit(node.children);
    }
  };
  visit(buildTree(nodes) as TreeNode[]);
  return order;
}

/** The node's name after its ancestors' names, root first (stopping on data that loops, should any exist). */
function pathOf(id: number, nodes: ReadonlyMap<number, PermissionRecord>): string[] {
  const names: string[] = [];
  const seen = new Set<number>();
  for (let node = nodes.get(id); node && !seen.has(node.id); node = nodes.get(node.parentId)) {
    seen.add(node.id);
    names.unshift(node.name);
  }
  return names;
}

export async function compareReach(db: Kysely<Database>, repo: EffectiveRepository, userId: number, otherUserId: number, appId: number): Promise<EffectiveComparison> {
  const [reached, otherReached, rolesOf, otherRolesOf, rows] = await Promise.all([
    grantedIds(db, userId, appId),
    grantedIds(db, otherUserId, appId),
    repo.grantingRoles(userId, appId),
    repo.grantingRoles(otherUserId, appId),
    repo.appNodes(appId),
  ]);
  const nodes = new Map(rows.map((row) => [row.id, row]));
  const order = treeOrder(rows);
  const position = (id: number) => order.get(id) ?? Number.MAX_SAFE_INTEGER;

  const only = (mine: Set<number>, theirs: Set<number>, roles: (id: number) => GrantingRole[]): ComparedNode[] =>
    [...mine]
      .filter((id) => !theirs.has(id) && nodes.has(id))
      .sort((a, b) => position(a) - position(b) || a - b)
      .map((id) => ({ id, path: pathOf(id, nodes), menuType: Number(nodes.get(id)!.menuType), roles: roles(id) }));

  return {
    onlyUser: only(reached, otherReached, rolesOf),
    onlyOther: only(otherReached, reached, otherRolesOf),
    shared: [...reached].filter((id) => otherReached.has(id)).length,
  };
}
