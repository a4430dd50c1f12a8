/**
 * A stored column setting merged with the columns the caller's list shows: the caller's list
 * decides what may appear, the setting only orders and hides within it.
 */
import { describe, expect, it } from 'vitest';
import { arrangeColumns, isDefaultSetting, mergeColumns, moveColumn, sortOrderOf, viewFilters, withView } from '../../../resources/generic/columnSettings';

// A customer list as a support user without the reveal grant would be shown it, and the same list
// for a holder of reveal (telephone among the columns).
const WITHOUT_REVEAL = ['name', 'companyName', 'userType', 'isEnable'];
const WITH_REVEAL = ['name', 'companyName', 'userType', 'telephone', 'isEnable'];

describe('merging a stored column setting with the caller’s columns', () => {
  it('never shows a column the caller may not see, whatever the setting (stored by a holder of more grants, or elsewhere)', () => {
    const storedByRevealHolder = [
      { key: 'telephone', hidden: false },
      { key: 'name', hidden: false },
      { key: 'companyName', hidden: true },
    ];
    const merged = mergeColumns(WITHOUT_REVEAL, storedByRevealHolder);
    expect(merged.map((e) => e.key)).not.toContain('telephone');
    expect(merged).toEqual([
      { key: 'name', hidden: false },
      { key: 'companyName', hidden: true },
      { key: 'userType', hidden: false },
      { key: 'isEnable', hidden: false },
    ]);
    // With the grant, the same setting shows it where the user put it.
    const forHolder = mergeColumns(WITH_REVEAL, storedByRevealHolder);
    expect(forHolder.map((e) => e.key)).toEqual(['telephone', 'name', 'companyName', 'userType', 'isEnable']);
  });

  it('drops a column a changed definition no longer has, and shows a new one last', () => {
    const stored = [
      { key: 'isEnable', hidden: false },
      { key: 'oldColumn', hidden: false },
      { key: 'name', hidden: false },
      { key: 'companyName', hidden: true },
    ];
    expect(mergeColumns(WITH_REVEAL, stored)).toEqual([
      { key: 'isEnable', hidden: false },
      { key: 'name', hidden: false },
      { key: 'companyName', hidden: true },
      { key: 'userType', hidden: false },
      { key: 'telephone', hidden: false },
    ]);
  });

  it('is the definition’s default without a setting, and says so', () => {
    const merged = mergeColumns(WITH_REVEAL, undefined);
    expect(merged.map((e) => e.key)).toEqual(WITH_REVEAL);
    expect(isDefaultSetting(WITH_REVEAL, merged)).toBe(true);
    expect(isDefaultSetting(WITH_REVEAL, moveColumn(merged, 'name', 1))).toBe(false);
  });

  it('takes a key named twice once, and reads anything but true as shown', () => {
    const stored = [
      { key: 'name', hidden: true },
      { key: 'name', hidden: false },
      { key: 'userType', hidden: 'yes' as unknown as boolean },
    ];
    expect(mergeColumns(['name', 'userType'], stored)).toEqual([
      { key: 'name', hidden: true },
      { key: 'userType', hidden: false },
    ]);
  });
});

describe('arranging the table’s columns', () => {
  const columns = [{ key: '__rowNumber' }, { key: 'name' }, { key: 'companyName' }, { key: 'userType' }, { key: '__actions' }];

  it('orders and hides the declared columns; the row number stays first and the actions last', () => {
    const entries = [
      { key: 'userType', hidden: false },
      { key: 'name', hidden: true },
      { key: 'companyName', hidden: false },
    ];
    expect(arrangeColumns(columns, entries).map((c) => c.key)).toEqual(['__rowNumber', 'userType', 'companyName', '__actions']);
  });

  it('moves a column one place, and not past either end', () => {
    const entries = mergeColumns(['a', 'b', 'c'], undefined);
    expect(moveColumn(entries, 'c', -1).map((e) => e.key)).toEqual(['a', 'c', 'b']);
    expect(moveColumn(entries, 'a', -1).map((e) => e.key)).toEqual(['a', 'b', 'c']);
    expect(moveColumn(entries, 'c', 1).map((e) => e.key)).toEqual(['a', 'b', 'c']);
  });
});

describe('what a saved view keeps', () => {
  it('keeps typed filters, choices and a range as instants, and never a whole-value lookup or a blank', () => {
    const day = { valueOf: () => 1767225600000 };
    const filters = viewFilters({ name: '张', userType: 2, roleIds: [1, 3], changedAt: [day, null], telephone: '13800000000', companyName: '', email: undefined }, new Set(['telephone']));
    expect(filters).toEqual({ name: '张', userType: 2, roleIds: [1, 3], changedAt: [1767225600000, null] });
  });

  it('replaces a view of the same name in place and adds a new one last', () => {
    const view = (name: string, sort: 'asc' | 'desc' = 'asc') => ({ name, filters: {}, sort: { field: 'name', order: sort }, columns: null });
    expect(withView([view('A'), view('B')], view('A', 'desc'))).toEqual([view('A', 'desc'), view('B')]);
    expect(withView([view('A')], view('C')).map((v) => v.name)).toEqual(['A', 'C']);
  });

  it('shows its sort on the header of its column only', () => {
    expect(sortOrderOf({ field: 'name', order: 'desc' }, 'name')).toBe('descend');
    expect(sortOrderOf({ field: 'name', order: 'asc' }, 'name')).toBe('ascend');
    expect(sortOrderOf({ field: 'name', order: 'asc' }, 'userType')).toBeNull();
    expect(sortOrderOf(null, 'name')).toBeNull();
  });
});
