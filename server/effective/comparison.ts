/**
 * Two staff members' reach in one app side by side: the nodes each reaches that the other does
 * not, and how many both reach. Read from each one's effective tree (./repository.ts), so what is
 * reached is the guard's own rule (grants.ts `grantedIds`) and the roles named are the tree's.
 */
import type { ComparedNode, EffectiveComparison, EffectiveNode } from '../../contract/effective';
import type { EffectiveRepository } from './repository';

/** The granted nodes in the order the tree shows them, each with its path from the root. */
function reached(tree: readonly EffectiveNode[]): Map<number, ComparedNode> {
  const found = new Map<number, ComparedNode>();
  const visit = (nodes: readonly EffectiveNode[], above: string[]) => {
    for (const node of nodes) {
      const path = [...above, node.name];
      if (node.granted) found.set(node.id, { id: node.id, path, menuType: Number(node.menuType), roles: node.roles });
      visit(node.children ?? [], path);
    }
  };
  visit(tree, []);
  return found;
}

export async function compareReach(repo: EffectiveRepository, userId: number, otherUserId: number, appId: number): Promise<EffectiveComparison> {
  const [mine, theirs] = (await Promise.all([repo.effectiveTree(userId, appId), repo.effectiveTree(otherUserId, appId)])).map(reached) as [
    Map<number, ComparedNode>,
    Map<number, ComparedNode>,
  ];
  const only = (a: Map<number, ComparedNode>, b: Map<number, ComparedNode>) => [...a.values()].filter((node) => !b.has(node.id));
  return {
    onlyUser: only(mine, theirs),
    onlyOther: only(theirs, mine),
    shared: [...mine.keys()].filter((id) => theirs.has(id)).length,
  };
}
