import { describe, expect, it } from 'vitest';
import { DataScope, dataScopeError, SCOPE_OFFICES_MAX } from '../../../contract/dataScope';
import { OfficeType, type OfficeNode } from '../../../contract/entities/office';
import { chosenOffices, coveredGroups, tickedOffices, toggleOffice } from '../../../resources/role/scopeOffices';

const node = (id: number, parentId: number, child: OfficeNode[] = []): OfficeNode => ({
  id,
  parentId,
  name: `n${id}`,
  remark: null,
  type: parentId ? OfficeType.GROUP : OfficeType.DEPARTMENT,
  child,
  version: 1,
});
// 1 with groups 11, 12; 2 with group 21; 3 without groups.
const tree = [node(1, 0, [node(11, 1), node(12, 1)]), node(2, 0, [node(21, 2)]), node(3, 0)];

describe('the data scope dialog’s chosen nodes', () => {
  it('takes a department with its groups: they show ticked and locked, and are not sent', () => {
    expect(chosenOffices(tree, [1, 11, 12, 21])).toEqual([1, 21]);
    expect(tickedOffices(tree, [1, 21])).toEqual([1, 11, 12, 21]);
    expect([...coveredGroups(tree, [1, 21])]).toEqual([11, 12]);
  });

  it('ticking a department replaces its groups ticked one by one; unticking leaves the rest', () => {
    const groups = toggleOffice(tree, toggleOffice(tree, [], 11, true), 21, true);
    expect(groups).toEqual([11, 21]);
    expect(toggleOffice(tree, groups, 1, true)).toEqual([1, 21]);
    expect(toggleOffice(tree, [1, 21], 1, false)).toEqual([21]);
  });

  it('drops nodes deleted since the scope was saved', () => {
    expect(chosenOffices(tree, [3, 99])).toEqual([3]);
  });
});

describe('the rule of a chosen scope (form and server)', () => {
  it('needs 1 to SCOPE_OFFICES_MAX nodes, and only for chosen departments', () => {
    expect(dataScopeError({ dataScope: DataScope.CHOSEN, officeIds: [] }, 'zh-CN')).toBe('请选择数据范围部门');
    expect(dataScopeError({ dataScope: DataScope.CHOSEN, officeIds: [1] }, 'en-US')).toBeUndefined();
    const many = Array.from({ length: SCOPE_OFFICES_MAX + 1 }, (_, i) => i + 1);
    expect(dataScopeError({ dataScope: DataScope.CHOSEN, officeIds: many.slice(1) }, 'en-US')).toBeUndefined();
    expect(dataScopeError({ dataScope: DataScope.CHOSEN, officeIds: many }, 'en-US')).toBe(`Choose at most ${SCOPE_OFFICES_MAX} departments or groups`);
    expect(dataScopeError({ dataScope: DataScope.DEPARTMENT, officeIds: [] }, 'zh-CN')).toBeUndefined();
  });
});
