/**
 * Menu / permission node types. The platform's notes disagree; both readings are unified here:
 * 1 page element, 2 API element, 3 navigation (top, parent 0), 4 menu/directory,
 * 5 home (top, parent 0, at most one per app).
 */
export const MenuType = {
  PAGE_ELEMENT: 1,
  API: 2,
  NAVIGATION: 3,
  MENU: 4,
  HOME: 5,
} as const;
export type MenuType = (typeof MenuType)[keyof typeof MenuType];

export const MENU_TYPES: readonly MenuType[] = [1, 2, 3, 4, 5];

/** Types that are routes or groups of routes (shown in navigation). */
export const DIRECTORY_TYPES: readonly MenuType[] = [MenuType.NAVIGATION, MenuType.MENU, MenuType.HOME];
/** Types that must sit at the top of an app's tree. */
export const TOP_LEVEL_TYPES: readonly MenuType[] = [MenuType.NAVIGATION, MenuType.HOME];

/** Root parent id. */
export const ROOT_ID = 0;

/**
 * A node of an app's menu/permission tree.
 * For directories, `path` is the route path and `url` names the page component;
 * for page elements `code` is the button code (e.g. `param:create`);
 * for API elements `url` is the call's path below /base/admin (e.g. `/param/list`).
 */
export interface PermissionNode {
  id: number;
  parentId: number;
  appId: number;
  name: string;
  sort: number;
  path: string;
  url: string;
  icon: string;
  code: string;
  menuType: MenuType;
  children: PermissionNode[];
  checked?: boolean;
}

/** A node outside a tree (detail, lists, saves). */
export type PermissionRecord = Omit<PermissionNode, 'children' | 'checked'>;

/** The platform sometimes names children `child`; normalise to `children`. */
export function normaliseTree(nodes: readonly unknown[]): PermissionNode[] {
  return nodes.map((raw) => {
    const node = raw as PermissionNode & { child?: unknown[] };
    const kids = node.children ?? node.child ?? [];
    const { child: _child, ...rest } = node;
    return { ...rest, children: normaliseTree(kids) };
  });
}

/** Depth-first walk over a tree. */
export function* walkTree(nodes: readonly PermissionNode[]): Generator<PermissionNode> {
  for (const node of nodes) {
    yield node;
    yield* walkTree(node.children);
  }
}

/** Builds a tree from flat rows ordered by sort then id. Orphans (missing parent) are dropped. */
export function buildTree<T extends { id: number; parentId: number; sort: number }>(
  rows: readonly T[],
): Array<T & { children: Array<T & { children: unknown[] }> }> {
  type Node = T & { children: Node[] };
  const byId = new Map<number, Node>();
  for (const row of rows) byId.set(row.id, { ...row, children: [] });
  const roots: Node[] = [];
  const sorted = [...byId.values()].sort((a, b) => a.sort - b.sort || a.id - b.id);
  for (const node of sorted) {
    if (node.parentId === ROOT_ID) roots.push(node);
    else byId.get(node.parentId)?.children.push(node);
  }
  return roots;
}
