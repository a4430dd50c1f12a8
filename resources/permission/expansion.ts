/**
 * Which nodes of the directory tree stand open. All of them at first; after that the user's own
 * choice, except that a node which gains a child opens, so a child just added is seen under its
 * parent instead of hidden in a closed one (issue 20, item 17).
 */

interface TreeNode {
  id: number;
  children: readonly TreeNode[];
}

export interface Expansion {
  /** How many children each node had when last seen. */
  counts: ReadonlyMap<number, number>;
  expanded: readonly number[];
}

export const NOTHING_SEEN: Expansion = { counts: new Map(), expanded: [] };

/** The expansion after the tree was (re)loaded as `tree`: nodes that are new with children, or have more children than before, open. */
export function openGrownParents(before: Expansion, tree: readonly TreeNode[]): Expansion {
  const counts = new Map<number, number>();
  const opened: number[] = [];
  const walk = (nodes: readonly TreeNode[]) => {
    for (const node of nodes) {
      counts.set(node.id, node.children.length);
      if (node.children.length > (before.counts.get(node.id) ?? 0)) opened.push(node.id);
      walk(node.children);
    }
  };
  walk(tree);
  return { counts, expanded: [...new Set([...before.expanded, ...opened])] };
}
