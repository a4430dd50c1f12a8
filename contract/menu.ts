/**
 * Menu / permission node types, in the two readings SPEC §3 gives ("notes disagree on menuType …
 * both are to be supported"). Each sub-system says which one its tree uses (`menuReading` of the
 * app, contract/entities/app.ts, default A, fixed once the tree has nodes so a tree is never
 * reinterpreted). Everything that reads types reads them here, from `readingRules[reading]`: the
 * server's placement and home rules, the menu dialog's type radios, the permission screen's
 * buttons, the tags of the directory, grant and effective trees, and the console's navigation.
 *
 * | type | reading A                                  | reading B                                        |
 * | ---- | ------------------------------------------ | ------------------------------------------------ |
 * | 1    | page element (a button) under a 4 or a 5   | page element (a button) under a 4 or a 5         |
 * | 2    | API element under a page element           | API element under a page element                 |
 * | 3    | navigation: top (parent 0), holds menus    | (none)                                           |
 * | 4    | menu, under a navigation or a menu         | directory, under a top-level directory or a 4    |
 * | 5    | home: top (parent 0), at most one per app  | top-level directory: top (parent 0), holds 4s and page elements |
 *
 * Routed pages, in both readings, are the 4s and 5s with a path whose `url` names a page the
 * console has (SPEC §2: page components are chosen by name from the menu list); page elements are
 * the buttons of the page they sit under, API elements the calls a button needs. In the
 * console's navigation:
 * - A: each navigation (3) is a top-bar entry and its menus (4) the sidebar; the home (5) is the
 *   page "/" opens, never a top-bar entry (SPEC §2 Layout shell: "entries of menu type 5 are hidden").
 * - B: each top-level directory (5) is a top-bar entry and its directories (4) the sidebar; a
 *   top-level directory that is itself a page (it names one, and holds its page elements) is the
 *   first item of its own sidebar. There is no home: "/" opens the first page of the first entry.
 */
import type { Text } from './i18n';
import type { Versioned } from './recordVersion';

export const MenuType = {
  PAGE_ELEMENT: 1,
  API: 2,
  NAVIGATION: 3,
  MENU: 4,
  HOME: 5,
} as const;
export type MenuType = (typeof MenuType)[keyof typeof MenuType];

/** Every type of either reading (what a stored node's `menuType` may hold). */
export const MENU_TYPES: readonly MenuType[] = [1, 2, 3, 4, 5];

/** Reading A: 3 navigation, 4 menu, 5 home. Reading B: 4 directory, 5 top-level directory. */
export type MenuReading = 'A' | 'B';
export const MENU_READINGS: readonly MenuReading[] = ['A', 'B'];
export const DEFAULT_MENU_READING: MenuReading = 'A';

export interface ReadingRules {
  /** How the sub-system dialog names the reading. */
  label: Text;
  /** The directory types (the directory tree, the menu dialog's radios), in the order the dialog offers them. */
  directoryTypes: readonly MenuType[];
  /** Types that sit at the top (parent 0), and only there. */
  topLevelTypes: readonly MenuType[];
  /** The types a node of each type may sit under (empty for the top-level types); a type absent here is not in the reading. */
  parentTypes: Readonly<Partial<Record<MenuType, readonly MenuType[]>>>;
  /** Directory types that are pages when their `url` names one. */
  routedTypes: readonly MenuType[];
  /** Top-level types shown as top-bar entries, their children filling the sidebar. */
  entryTypes: readonly MenuType[];
  /** The type of the app's one home page, when the reading has one. */
  homeType?: MenuType;
  /** What each type is called (tags, radios). */
  names: Readonly<Partial<Record<MenuType, Text>>>;
  /** Why a node of each type cannot sit where it was put (the server's refusal on `parentId`). */
  placement: Readonly<Partial<Record<MenuType, Text>>>;
}

const PAGE_ELEMENT_NAME: Text = { 'zh-CN': '按钮', 'en-US': 'Button' };
const API_NAME: Text = { 'zh-CN': '接口', 'en-US': 'API' };
const API_PLACEMENT: Text = { 'zh-CN': '接口元素只能位于页面元素之下', 'en-US': 'An API element must sit under a page element' };

export const readingRules: Readonly<Record<MenuReading, ReadingRules>> = {
  A: {
    label: { 'zh-CN': 'A：导航 / 菜单 / 首页（3 / 4 / 5）', 'en-US': 'A: navigation / menu / home (3 / 4 / 5)' },
    directoryTypes: [MenuType.NAVIGATION, MenuType.MENU, MenuType.HOME],
    topLevelTypes: [MenuType.NAVIGATION, MenuType.HOME],
    parentTypes: {
      [MenuType.PAGE_ELEMENT]: [MenuType.MENU, MenuType.HOME],
      [MenuType.API]: [MenuType.PAGE_ELEMENT],
      [MenuType.NAVIGATION]: [],
      [MenuType.MENU]: [MenuType.NAVIGATION, MenuType.MENU],
      [MenuType.HOME]: [],
    },
    routedTypes: [MenuType.MENU, MenuType.HOME],
    entryTypes: [MenuType.NAVIGATION],
    homeType: MenuType.HOME,
    names: {
      [MenuType.PAGE_ELEMENT]: PAGE_ELEMENT_NAME,
      [MenuType.API]: API_NAME,
      [MenuType.NAVIGATION]: { 'zh-CN': '导航', 'en-US': 'Navigation' },
      [MenuType.MENU]: { 'zh-CN': '菜单', 'en-US': 'Menu' },
      [MenuType.HOME]: { 'zh-CN': '首页', 'en-US': 'Home' },
    },
    placement: {
      [MenuType.PAGE_ELEMENT]: { 'zh-CN': '页面元素只能位于菜单或首页之下', 'en-US': 'A page element must sit under a menu or the home page' },
      [MenuType.API]: API_PLACEMENT,
      [MenuType.NAVIGATION]: { 'zh-CN': '导航和首页只能位于顶层，父节点须为0', 'en-US': 'Navigation entries and the home page sit at the top: the parent must be 0' },
      [MenuType.MENU]: { 'zh-CN': '菜单只能位于导航或菜单之下', 'en-US': 'A menu must sit under a navigation entry or another menu' },
      [MenuType.HOME]: { 'zh-CN': '导航和首页只能位于顶层，父节点须为0', 'en-US': 'Navigation entries and the home page sit at the top: the parent must be 0' },
    },
  },
  B: {
    label: { 'zh-CN': 'B：顶级目录 / 目录（5 / 4）', 'en-US': 'B: top-level directory / directory (5 / 4)' },
    directoryTypes: [MenuType.HOME, MenuType.MENU],
    topLevelTypes: [MenuType.HOME],
    parentTypes: {
      [MenuType.PAGE_ELEMENT]: [MenuType.MENU, MenuType.HOME],
      [MenuType.API]: [MenuType.PAGE_ELEMENT],
      [MenuType.MENU]: [MenuType.HOME, MenuType.MENU],
      [MenuType.HOME]: [],
    },
    routedTypes: [MenuType.MENU, MenuType.HOME],
    entryTypes: [MenuType.HOME],
    names: {
      [MenuType.PAGE_ELEMENT]: PAGE_ELEMENT_NAME,
      [MenuType.API]: API_NAME,
      [MenuType.MENU]: { 'zh-CN': '目录', 'en-US': 'Directory' },
      [MenuType.HOME]: { 'zh-CN': '顶级目录', 'en-US': 'Top-level directory' },
    },
    placement: {
      [MenuType.PAGE_ELEMENT]: { 'zh-CN': '页面元素只能位于目录或顶级目录之下', 'en-US': 'A page element must sit under a directory or a top-level directory' },
      [MenuType.API]: API_PLACEMENT,
      [MenuType.MENU]: { 'zh-CN': '目录只能位于顶级目录或目录之下', 'en-US': 'A directory must sit under a top-level directory or another directory' },
      [MenuType.HOME]: { 'zh-CN': '顶级目录只能位于顶层，父节点须为0', 'en-US': 'A top-level directory sits at the top: the parent must be 0' },
    },
  },
};

/** The reading a stored or answered value names; anything else (absent, older rows) is the default, A. */
export function menuReadingOf(value: unknown): MenuReading {
  return MENU_READINGS.find((reading) => reading === value) ?? DEFAULT_MENU_READING;
}

/** Whether the reading has the type at all (B has no 3). */
export function hasMenuType(reading: MenuReading, type: number): boolean {
  return readingRules[reading].parentTypes[type as MenuType] !== undefined;
}

export function isDirectoryType(reading: MenuReading, type: number): boolean {
  return readingRules[reading].directoryTypes.includes(type as MenuType);
}

export function isTopLevelType(reading: MenuReading, type: number): boolean {
  return readingRules[reading].topLevelTypes.includes(type as MenuType);
}

/** Whether a node of `type` may sit under a node of `parentType` (never, for a type the reading lacks). */
export function canSitUnder(reading: MenuReading, type: number, parentType: number): boolean {
  return readingRules[reading].parentTypes[type as MenuType]?.includes(parentType as MenuType) ?? false;
}

/** What the reading calls a type; undefined for a type it does not have. */
export function menuTypeName(reading: MenuReading, type: number): Text | undefined {
  return readingRules[reading].names[type as MenuType];
}

/** The directory type of the top (A: navigation; B: top-level directory). */
export function topDirectoryType(reading: MenuReading): MenuType {
  const rules = readingRules[reading];
  return rules.directoryTypes.find((type) => rules.entryTypes.includes(type))!;
}

/** The directory type that sits below another directory (4 in both readings). */
export function nestedDirectoryType(reading: MenuReading): MenuType {
  const rules = readingRules[reading];
  return rules.directoryTypes.find((type) => !rules.topLevelTypes.includes(type))!;
}

/** Root parent id. */
export const ROOT_ID = 0;

/**
 * A node of an app's menu/permission tree.
 * For directories, `path` is the route path and `url` names the page component;
 * for page elements `code` is the button code (e.g. `param:create`);
 * for API elements `url` is the call's path below /base/admin (e.g. `/param/list`).
 */
export interface PermissionNode extends Versioned {
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
