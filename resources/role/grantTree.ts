/**
 * The permission tree of a role's app, as the authorisation and function-info dialogs use it
 * (GET /permission/tree?appId&roleId answers the app's whole tree with `checked` per node).
 * Plain functions; keys are the node ids as text (antd Tree keys).
 *
 * The server marks a parent `checked` when the role holds it, and it holds every parent of what
 * it holds (grants are sent as checked + half-checked nodes). antd's checkable tree derives the
 * parents from the leaves, so it is given the checked leaves only: a checked parent handed to it
 * would check every child. (So a parent held with nothing below it held, e.g. children added after
 * the grant, shows unchecked and is dropped on the next save unless something below is checked:
 * the alternative, checking it, would grant every child.)
 */
import { MenuType, walkTree, type PermissionNode } from '../../contract/menu';

export const keyOf = (node: Pick<PermissionNode, 'id'>): string => String(node.id);

export type NodeKind = 'directory' | 'element' | 'api';

/** A directory (navigation, menu, home), a page element (button) or an API element. */
export function nodeKind(node: Pick<PermissionNode, 'menuType'>): NodeKind {
  const type = Number(node.menuType);
  if (type === MenuType.API) return 'api';
  if (type === MenuType.PAGE_ELEMENT) return 'element';
  return 'directory';
}

const hasChildren = (node: PermissionNode) => node.children.length > 0;

/** The checked leaves: what antd's conduct mode is given so that it derives the parents itself. */
export function initialCheckedKeys(tree: readonly PermissionNode[]): string[] {
  return [...walkTree(tree)].filter((node) => node.checked === true && !hasChildren(node)).map(keyOf);
}

export interface Conducted {
  /** The given keys with every parent all of whose leaves are checked. */
  checked: string[];
  /** Parents with some but not all leaves checked. */
  halfChecked: string[];
}

/**
 * What antd's conduct mode makes of checked leaves, as its `onCheck` reports it: fully checked
 * parents join the checked keys, partly checked ones are half-checked. Needed for what is sent
 * before the user first touches the tree. Both lists are in tree order.
 */
export function conductChecked(tree: readonly PermissionNode[], leaves: Iterable<string>): Conducted {
  const given = new Set(leaves);
  const full = new Set<string>();
  const half = new Set<string>();
  // Answers [leaves below (or the node itself), checked among them].
  const count = (node: PermissionNode): [number, number] => {
    if (!hasChildren(node)) return [1, given.has(keyOf(node)) ? 1 : 0];
    let all = 0;
    let on = 0;
    for (const child of node.children) {
      const [a, c] = count(child);
      all += a;
      on += c;
    }
    if (on === all) full.add(keyOf(node));
    else if (on > 0) half.add(keyOf(node));
    return [all, on];
  };
  tree.forEach(count);
  const order = [...walkTree(tree)].map(keyOf);
  return { checked: order.filter((key) => given.has(key) || full.has(key)), halfChecked: order.filter((key) => half.has(key)) };
}

/** What /rolePermission/save receives: the checked and half-checked ids, once each, in tree order. */
export function permissionIdsParam(tree: readonly PermissionNode[], checked: Iterable<string>, halfChecked: Iterable<string>): string {
  const wanted = new Set([...checked, ...halfChecked].map(String));
  return [...walkTree(tree)].filter((node) => wanted.has(keyOf(node))).map(keyOf).join(',');
}

/** The nodes the role holds (checked, or above something checked), in the tree's shape. */
export function grantedTree(tree: readonly PermissionNode[]): PermissionNode[] {
  return tree.flatMap((node) => {
    const children = grantedTree(node.children);
    return node.checked === true || children.length > 0 ? [{ ...node, children }] : [];
  });
}

/** Every node with children (expand all). */
export function parentKeys(tree: readonly PermissionNode[]): string[] {
  return [...walkTree(tree)].filter(hasChildren).map(keyOf);
}

/** Directories with children: expanded at first, so buttons show and their APIs stay folded. */
export function directoryKeys(tree: readonly PermissionNode[]): string[] {
  return [...walkTree(tree)].filter((node) => hasChildren(node) && nodeKind(node) === 'directory').map(keyOf);
}

export interface KindCounts {
  directories: number;
  elements: number;
  apis: number;
}

export function countKinds(tree: readonly PermissionNode[]): KindCounts {
  const counts: KindCounts = { directories: 0, elements: 0, apis: 0 };
  for (const node of walkTree(tree)) {
    const kind = nodeKind(node);
    if (kind === 'api') counts.apis += 1;
    else if (kind === 'element') counts.elements += 1;
    else counts.directories += 1;
  }
  return counts;
}

export interface TreeSearch {
  /** Matches, what lies above them (to reach them) and below them (what they hold). */
  visible: Set<string>;
  /** The nodes to open so every match shows. */
  expanded: string[];
}

function matches(node: PermissionNode, needle: string): boolean {
  return [node.name, node.url, node.code, node.path].some((value) => typeof value === 'string' && value.toLowerCase().includes(needle));
}

/** Nodes whose name, url, code or path contains `text` (any case); undefined for a blank text. */
export function searchTree(tree: readonly PermissionNode[], text: string): TreeSearch | undefined {
  const needle = text.trim().toLowerCase();
  if (!needle) return undefined;
  const visible = new Set<string>();
  const expanded = new Set<string>();
  const showAll = (node: PermissionNode) => {
    for (const inner of walkTree([node])) visible.add(keyOf(inner));
  };
  const visit = (node: PermissionNode, ancestors: readonly string[]) => {
    if (matches(node, needle)) {
      showAll(node);
      for (const key of ancestors) {
        visible.add(key);
        expanded.add(key);
      }
    }
    // Deeper matches open the way down to them, through this node too.
    for (const child of node.children) visit(child, [...ancestors, keyOf(node)]);
  };
  for (const node of tree) visit(node, []);
  return { visible, expanded: [...expanded] };
}
