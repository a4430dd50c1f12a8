/**
 * The directory tree of one sub-system as the page needs it: only directories of its reading of
 * menu types (A: navigation, menu, home; B: top-level directory, directory; contract/menu.ts),
 * looked up by id, and the parent nodes a directory of each type may hang under.
 */
import { isDirectoryType, isTopLevelType, MenuType, normaliseTree, readingRules, ROOT_ID, type MenuReading, type PermissionNode } from '../../contract/menu';

/**
 * The filterTree answer as a tree of directories: `child` read as `children`, menu types as
 * numbers, and page or API elements (should the server send any) left out.
 */
export function directoryTree(nodes: readonly unknown[] | null | undefined, reading: MenuReading): PermissionNode[] {
  const prune = (list: readonly PermissionNode[]): PermissionNode[] =>
    list
      .filter((node) => isDirectoryType(reading, Number(node.menuType)))
      .map((node) => ({ ...node, menuType: Number(node.menuType) as MenuType, children: prune(node.children) }));
  return prune(normaliseTree(Array.isArray(nodes) ? nodes : []));
}

export function findNode(tree: readonly PermissionNode[], id: number | undefined): PermissionNode | undefined {
  if (id === undefined) return undefined;
  for (const node of tree) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}

/** How many nodes sit below `node` (all levels). */
export function countDescendants(node: Pick<PermissionNode, 'children'>): number {
  return node.children.reduce((sum, child) => sum + 1 + countDescendants(child), 0);
}

/** A node of the parent picker (antd TreeSelect data). */
export interface ParentOption {
  value: number;
  title: string;
  menuType?: MenuType;
  children: ParentOption[];
}

export interface ParentOptionsSettings {
  reading: MenuReading;
  /** Title of the top-level choice (parent 0). */
  rootTitle: string;
  /** The node being edited: it and its subtree cannot be its parent. */
  excludeId?: number;
}

/**
 * Where a directory of `menuType` may go in the reading: a top-level type only at the top (parent
 * 0); the nested directory type (4) under the types the reading lets it sit under (A: navigation
 * or menu, never the home; B: top-level directory or directory), never under itself or its own
 * subtree. An element type, or a type the reading lacks, goes nowhere.
 */
export function parentOptions(tree: readonly PermissionNode[], menuType: MenuType | undefined, { reading, rootTitle, excludeId }: ParentOptionsSettings): ParentOption[] {
  if (menuType === undefined || !isDirectoryType(reading, menuType)) return [];
  if (isTopLevelType(reading, menuType)) return [{ value: ROOT_ID, title: rootTitle, children: [] }];
  const parentTypes = readingRules[reading].parentTypes[menuType] ?? [];
  const walk = (nodes: readonly PermissionNode[]): ParentOption[] =>
    nodes
      .filter((node) => node.id !== excludeId && parentTypes.includes(node.menuType))
      .map((node) => ({ value: node.id, title: node.name, menuType: node.menuType, children: walk(node.children) }));
  return walk(tree);
}

/** Whether `parentId` is one of the `parentOptions` for `menuType`. */
export function isValidParent(tree: readonly PermissionNode[], menuType: MenuType | undefined, parentId: unknown, reading: MenuReading, excludeId?: number): boolean {
  if (parentId === undefined || parentId === null || parentId === '') return false;
  const wanted = Number(parentId);
  const contains = (options: readonly ParentOption[]): boolean => options.some((o) => o.value === wanted || contains(o.children));
  return contains(parentOptions(tree, menuType, { reading, rootTitle: '', excludeId }));
}

/**
 * The parent a directory gets when its type is chosen: 0 for a top-level type; for the nested
 * directory type the current parent while it stays valid, else the directory selected in the tree
 * when it can hold one, else none (the user picks one).
 */
export function parentForType(
  tree: readonly PermissionNode[],
  menuType: MenuType | undefined,
  current: unknown,
  reading: MenuReading,
  selected?: Pick<PermissionNode, 'id' | 'menuType'>,
  excludeId?: number,
): number | undefined {
  if (menuType === undefined) return undefined;
  if (isTopLevelType(reading, menuType)) return ROOT_ID;
  if (isValidParent(tree, menuType, current, reading, excludeId)) return Number(current);
  if (selected && isValidParent(tree, menuType, selected.id, reading, excludeId)) return selected.id;
  return undefined;
}

/** The next free sort number among `siblings` (one past the largest). */
export function nextSort(siblings: ReadonlyArray<Pick<PermissionNode, 'sort'>>): number {
  return siblings.reduce((max, node) => Math.max(max, Number(node.sort) || 0), 0) + 1;
}

/** The children of `parentId` (the top level for 0). */
export function childrenOf(tree: readonly PermissionNode[], parentId: number | undefined): readonly PermissionNode[] {
  if (parentId === ROOT_ID) return tree;
  return findNode(tree, parentId)?.children ?? [];
}
