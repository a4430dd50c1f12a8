import { describe, expect, it } from 'vitest';
import {
  countDescendants,
  defaultParentOf,
  departmentOptions,
  findOffice,
  officeTree,
  officeTreeData,
  officeTypeLabel,
  parentKeys,
  parentName,
} from '../../../resources/office/officeTree';

/** /office/list as the platform sends it: ids and types may be text, `child` may be missing. */
const raw = [
  { id: '1', name: '研发部', type: '1', parentId: 0, remark: '负责研发', child: [{ id: 2, name: '前端组', type: 2, parentId: '1', remark: null, child: null }] },
  { id: 3, name: '市场部', type: 1, parentId: 0 },
  { name: 'no id' },
];
const tree = officeTree(raw);

describe('organisation tree helpers', () => {
  it('reads the list as clean nodes with numeric ids and types and `child` always a list', () => {
    expect(tree).toEqual([
      {
        id: 1, name: '研发部', type: 1, parentId: 0, remark: '负责研发',
        child: [{ id: 2, name: '前端组', type: 2, parentId: 1, remark: null, child: [] }],
      },
      { id: 3, name: '市场部', type: 1, parentId: 0, remark: null, child: [] },
    ]);
    expect(officeTree(null)).toEqual([]);
  });

  it('finds nodes at any depth', () => {
    expect(findOffice(tree, 2)?.name).toBe('前端组');
    expect(findOffice(tree, 9)).toBeUndefined();
    expect(findOffice(tree, undefined)).toBeUndefined();
  });

  it('builds antd tree data keyed by id with rendered titles', () => {
    expect(officeTreeData(tree, (node) => node.name.toUpperCase())).toEqual([
      { key: 1, title: '研发部', children: [{ key: 2, title: '前端组', children: [] }] },
      { key: 3, title: '市场部', children: [] },
    ]);
  });

  it('lists the nodes with children (shown open) and counts what goes with a node', () => {
    expect(parentKeys(tree)).toEqual([1]);
    expect(countDescendants(tree[0]!)).toBe(1);
    expect(countDescendants(tree[1]!)).toBe(0);
  });

  it('offers only departments as a group’s parent, leaving out the one edited', () => {
    expect(departmentOptions(tree)).toEqual([
      { value: 1, label: '研发部' },
      { value: 3, label: '市场部' },
    ]);
    expect(departmentOptions(tree, 3)).toEqual([{ value: 1, label: '研发部' }]);
  });

  it('puts a new group under the chosen department, or beside the chosen group', () => {
    expect(defaultParentOf(tree, findOffice(tree, 3))).toBe(3);
    expect(defaultParentOf(tree, findOffice(tree, 2))).toBe(1);
    expect(defaultParentOf(tree, undefined)).toBeUndefined();
  });

  it('names the parent and the type', () => {
    expect(parentName(tree, { parentId: 1 })).toBe('研发部');
    expect(parentName(tree, { parentId: 0 })).toBeUndefined();
    expect(officeTypeLabel(1, 'zh-CN')).toBe('部门');
    expect(officeTypeLabel(2, 'en-US')).toBe('Group');
  });
});
