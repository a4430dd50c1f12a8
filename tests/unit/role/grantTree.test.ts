import { describe, expect, it } from 'vitest';
import type { PermissionNode } from '../../../contract/menu';
import { permissionTrees, roleGrants } from './grantFixtures';
import {
  countKinds,
  directoryKeys,
  grantedTree,
  conductChecked,
  initialCheckedKeys,
  nodeKind,
  parentKeys,
  permissionIdsParam,
  searchTree,
} from '../../../resources/role/grantTree';

/** The base app's tree as /permission/tree answers it for a role: parents of held nodes are checked too. */
function treeOf(roleId: number): PermissionNode[] {
  const held = new Set(roleGrants()[roleId]);
  const mark = (nodes: readonly PermissionNode[]): PermissionNode[] => nodes.map((n) => ({ ...n, checked: held.has(n.id), children: mark(n.children) }));
  return mark(permissionTrees()[1]!);
}

const names = (nodes: readonly PermissionNode[]): unknown[] => nodes.map((n) => (n.children.length ? [n.name, names(n.children)] : n.name));

describe('the authorisation tree', () => {
  it('starts from the checked leaves only, though the server marks their parents checked too', () => {
    // The auditor holds 10 系统管理, 11 参数配置, 12 查询 (13, 14) and 15 新增 without 17.
    expect(initialCheckedKeys(treeOf(2))).toEqual(['13', '14', '16']);
    // A parent handed to antd would check all below it: 15 新增 would grant 17 too.
    expect(initialCheckedKeys(treeOf(2))).not.toContain('15');
    expect(initialCheckedKeys(treeOf(1))).toEqual(['13', '14', '16', '17', '19', '20']);
    expect(initialCheckedKeys(treeOf(3))).toEqual([]);
  });

  it('works out the checked and half-checked parents as antd reports them', () => {
    const tree = treeOf(2);
    // 12 查询 has all its leaves: checked; 10, 11 and 15 only some: half-checked.
    expect(conductChecked(tree, initialCheckedKeys(tree))).toEqual({ checked: ['12', '13', '14', '16'], halfChecked: ['10', '11', '15'] });
    expect(conductChecked(tree, ['20', '13', '14', '16', '17', '19'])).toEqual({
      checked: ['10', '11', '12', '13', '14', '15', '16', '17', '18', '19', '20'],
      halfChecked: [],
    });
    expect(conductChecked(tree, [])).toEqual({ checked: [], halfChecked: [] });
  });

  it('sends the checked and half-checked ids once each, in tree order', () => {
    const tree = treeOf(2);
    expect(permissionIdsParam(tree, ['12', '13', '14', '16'], ['10', '11', '15'])).toBe('10,11,12,13,14,15,16');
    expect(permissionIdsParam(tree, ['19', '18', '13'], ['11', '10', '11'])).toBe('10,11,13,18,19');
    expect(permissionIdsParam(tree, [], [])).toBe('');
  });

  it('tells directories, buttons and APIs apart, and which nodes open', () => {
    const tree = treeOf(2);
    expect([1, 2, 3, 4, 5].map((menuType) => nodeKind({ menuType: menuType as PermissionNode['menuType'] }))).toEqual([
      'element',
      'api',
      'directory',
      'directory',
      'directory',
    ]);
    expect(parentKeys(tree)).toEqual(['10', '11', '12', '15', '18']);
    expect(directoryKeys(tree)).toEqual(['10', '11']);
  });

  it('finds nodes by name, code or address, with the way to them and what they hold', () => {
    const tree = treeOf(2);
    const byUrl = searchTree(tree, 'VAILDKEY')!;
    expect([...byUrl.visible].sort()).toEqual(['10', '11', '15', '17']);
    expect(byUrl.expanded.sort()).toEqual(['10', '11', '15']);
    const byName = searchTree(tree, '删除')!;
    expect([...byName.visible].sort()).toEqual(['10', '11', '18', '19']);
    expect(searchTree(tree, '  ')).toBeUndefined();
    expect(searchTree(tree, 'nothing')!.visible.size).toBe(0);
  });
});

describe('function info', () => {
  it('keeps only what the role holds, in the tree\'s shape', () => {
    const granted = grantedTree(treeOf(2));
    expect(names(granted)).toEqual([['系统管理', [['参数配置', [['查询', ['list', 'detail']], ['新增', ['saveOrUpdate']]]]]]]);
    expect(countKinds(granted)).toEqual({ directories: 2, elements: 2, apis: 3 });
    expect(grantedTree(treeOf(3))).toEqual([]);
  });

  it('keeps a held node under a parent the server did not mark', () => {
    const tree = permissionTrees()[1]!.map((n) => ({ ...n, checked: false }));
    tree[0]!.children[0]!.children[2]!.checked = true; // 删除 only
    expect(names(grantedTree(tree))).toEqual([['系统管理', [['参数配置', ['删除']]]]]);
  });
});
