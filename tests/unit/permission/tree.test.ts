import { describe, expect, it } from 'vitest';
import { buildTree, MenuType, type PermissionNode } from '../../../contract/menu';
import { permissionRows } from './permissionRows';
import {
  childrenOf,
  countDescendants,
  directoryTree,
  findNode,
  isValidParent,
  nextSort,
  parentForType,
  parentOptions,
  type ParentOption,
} from '../../../resources/permission/tree';

/** App 1 of the fixtures as filterTree answers it: home 10, navigation 11 → menus 12, 13. */
const tree = directoryTree(buildTree(permissionRows().filter((r) => r.appId === 1 && r.menuType >= 3)), 'A');
const values = (options: readonly ParentOption[]): number[] => options.flatMap((o) => [o.value, ...values(o.children)]);

describe('directory tree helpers', () => {
  it('keeps only directories, reads `child` as `children` and types as numbers', () => {
    const raw = [
      {
        id: 1, parentId: 0, name: 'nav', menuType: '3',
        child: [
          { id: 2, parentId: 1, name: 'menu', menuType: 4, child: [{ id: 3, parentId: 2, name: 'button', menuType: 1 }] },
          { id: 4, parentId: 1, name: 'api', menuType: 2 },
        ],
      },
    ];
    const result = directoryTree(raw, 'A');
    expect(result).toHaveLength(1);
    expect(result[0]!.menuType).toBe(3);
    expect(result[0]!.children.map((n) => n.id)).toEqual([2]);
    expect(result[0]!.children[0]!.children).toEqual([]);
    expect(directoryTree(null, 'A')).toEqual([]);
    // Reading B has no navigation type: such a node (and what hangs below it) is no directory of it.
    expect(directoryTree(raw, 'B')).toEqual([]);
  });

  it('finds nodes at any depth and counts what sits below', () => {
    expect(findNode(tree, 12)?.name).toBe('菜单权限');
    expect(findNode(tree, 999)).toBeUndefined();
    expect(findNode(tree, undefined)).toBeUndefined();
    expect(countDescendants(findNode(tree, 11)!)).toBe(2);
    expect(countDescendants(findNode(tree, 12)!)).toBe(0);
  });

  it('answers the next sort number among siblings', () => {
    expect(nextSort(childrenOf(tree, 11))).toBe(31);
    expect(nextSort(childrenOf(tree, 0))).toBe(11);
    expect(nextSort([])).toBe(1);
  });
});

describe('parent options per type', () => {
  const settings = { reading: 'A' as const, rootTitle: 'Top level' };

  it('puts navigation and home only at the top (parent 0)', () => {
    for (const type of [MenuType.NAVIGATION, MenuType.HOME]) {
      expect(parentOptions(tree, type, settings)).toEqual([{ value: 0, title: 'Top level', children: [] }]);
      expect(isValidParent(tree, type, 0, 'A')).toBe(true);
      expect(isValidParent(tree, type, 11, 'A')).toBe(false);
    }
  });

  it('puts a menu under navigation or menu nodes only, never under home or at the top', () => {
    const options = parentOptions(tree, MenuType.MENU, settings);
    expect(values(options)).toEqual([11, 12, 13]);
    expect(options[0]!.menuType).toBe(MenuType.NAVIGATION);
    expect(isValidParent(tree, MenuType.MENU, 12, 'A')).toBe(true);
    expect(isValidParent(tree, MenuType.MENU, '12', 'A')).toBe(true);
    expect(isValidParent(tree, MenuType.MENU, 10, 'A')).toBe(false);
    expect(isValidParent(tree, MenuType.MENU, 0, 'A')).toBe(false);
    expect(isValidParent(tree, MenuType.MENU, undefined, 'A')).toBe(false);
  });

  it('never offers a node, or its subtree, as its own parent', () => {
    const nested: PermissionNode[] = directoryTree([
      { id: 1, parentId: 0, name: 'nav', menuType: 3, children: [{ id: 2, parentId: 1, name: 'a', menuType: 4, children: [{ id: 3, parentId: 2, name: 'b', menuType: 4 }] }] },
    ], 'A');
    expect(values(parentOptions(nested, MenuType.MENU, { ...settings, excludeId: 2 }))).toEqual([1]);
    expect(isValidParent(nested, MenuType.MENU, 3, 'A', 2)).toBe(false);
  });

  it('has nothing to offer without a type or for element types', () => {
    expect(parentOptions(tree, undefined, settings)).toEqual([]);
    expect(parentOptions(tree, MenuType.PAGE_ELEMENT, settings)).toEqual([]);
  });

  it('picks the parent a newly chosen type gets', () => {
    expect(parentForType(tree, MenuType.NAVIGATION, 12, 'A')).toBe(0);
    expect(parentForType(tree, MenuType.HOME, undefined, 'A')).toBe(0);
    // A menu keeps a valid parent, else takes the chosen directory when it can hold menus.
    expect(parentForType(tree, MenuType.MENU, 13, 'A', { id: 12, menuType: MenuType.MENU })).toBe(13);
    expect(parentForType(tree, MenuType.MENU, 0, 'A', { id: 12, menuType: MenuType.MENU })).toBe(12);
    expect(parentForType(tree, MenuType.MENU, 0, 'A', { id: 10, menuType: MenuType.HOME })).toBeUndefined();
    expect(parentForType(tree, undefined, 0, 'A')).toBeUndefined();
  });
});

describe('parent options in reading B (top-level directory 5, directory 4)', () => {
  /** Top-level directories 1 (holding directory 2, holding directory 3) and 4 (a page itself). */
  const treeB = directoryTree(
    [
      { id: 1, parentId: 0, name: '服务中心', menuType: 5, sort: 1, children: [{ id: 2, parentId: 1, name: '工单', menuType: 4, sort: 1, children: [{ id: 3, parentId: 2, name: '子目录', menuType: 4, sort: 1 }] }] },
      { id: 4, parentId: 0, name: '看板', menuType: 5, sort: 2, children: [{ id: 5, parentId: 4, name: '按钮', menuType: 1 }] },
    ],
    'B',
  );
  const settings = { reading: 'B' as const, rootTitle: 'Top level' };

  it('keeps the 5s and 4s, not their page elements', () => {
    expect(treeB.map((n) => n.id)).toEqual([1, 4]);
    expect(findNode(treeB, 3)?.menuType).toBe(MenuType.MENU);
    expect(findNode(treeB, 5)).toBeUndefined();
  });

  it('puts a top-level directory only at the top, as A puts its home', () => {
    expect(parentOptions(treeB, MenuType.HOME, settings)).toEqual([{ value: 0, title: 'Top level', children: [] }]);
    expect(parentForType(treeB, MenuType.HOME, 2, 'B')).toBe(0);
  });

  it('puts a directory under a top-level directory or a directory, never at the top', () => {
    expect(values(parentOptions(treeB, MenuType.MENU, settings))).toEqual([1, 2, 3, 4]);
    expect(isValidParent(treeB, MenuType.MENU, 1, 'B')).toBe(true);
    expect(isValidParent(treeB, MenuType.MENU, 0, 'B')).toBe(false);
    // Under a top-level directory where A would refuse the home page as a menu's parent.
    expect(isValidParent(treeB, MenuType.MENU, 4, 'B')).toBe(true);
    expect(isValidParent(treeB, MenuType.MENU, 4, 'A')).toBe(false);
    expect(parentForType(treeB, MenuType.MENU, 0, 'B', { id: 4, menuType: MenuType.HOME })).toBe(4);
  });

  it('offers nothing for a navigation entry, a type reading B lacks', () => {
    expect(parentOptions(treeB, MenuType.NAVIGATION, settings)).toEqual([]);
  });
});
