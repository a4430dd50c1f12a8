import { describe, expect, it } from 'vitest';
import { searchFilters } from '../../../resources/generic/filters';
import { fromFormValues, joinedSlots, toFormValues } from '../../../resources/generic/formValues';
import { findResource } from '../../../resources/registry';

const paramResource = findResource('param')!;
const appResource = findResource('app')!;

describe('form values', () => {
  it('split the joined spare values into three inputs and join them back', () => {
    const values = toFormValues(paramResource, { id: 2, sortNum: 2, paramKey: 'k', value: 'v', remark: null, spareParam: 'MB,,x' });
    expect(values).toEqual({ sortNum: 2, paramKey: 'k', value: 'v', remark: undefined, spareParam: ['MB', '', 'x'] });
    // An empty field travels as null, so an update clears it (an update keeps what it does not name).
    expect(fromFormValues(paramResource, values)).toEqual({ sortNum: 2, paramKey: 'k', value: 'v', remark: null, spareParam: 'MB,,x' });
    expect(fromFormValues(paramResource, values, { parentId: 7 })).toMatchObject({ parentId: 7, paramKey: 'k' });
  });

  it('carry both fields of a range, the end cleared as null like any field', () => {
    const withRange = { ...paramResource, form: [{ field: 'paramKey', to: 'value' }] };
    const values = toFormValues(withRange, { id: 2, paramKey: '2024-03-01', value: '2024-03-31' });
    expect(values).toEqual({ paramKey: '2024-03-01', value: '2024-03-31' });
    expect(fromFormValues(withRange, { paramKey: '2024-03-01', value: undefined })).toEqual({ paramKey: '2024-03-01', value: null });
  });

  it('start a new record with three empty slots and send cleared slots as empty', () => {
    expect(toFormValues(paramResource, undefined).spareParam).toEqual(['', '', '']);
    expect(joinedSlots(['', ' ', ''])).toBe('');
    expect(joinedSlots([' a ', 'b', ''])).toBe('a,b');
    expect(joinedSlots(undefined)).toBe('');
  });
});

describe('search filters', () => {
  it('search text fields with "contains", and give blanks no value (which takes their filter away)', () => {
    expect(searchFilters(paramResource, { paramKey: ' mail ', value: '', remark: undefined })).toEqual([
      { field: 'paramKey', operator: 'contains', value: 'mail' },
      { field: 'value', operator: 'contains', value: undefined },
      { field: 'remark', operator: 'contains', value: undefined },
    ]);
  });

  it('match choice fields exactly', () => {
    const withChoice = { ...appResource, search: ['code', 'businessType'] as const };
    expect(searchFilters(withChoice, { code: 'base', businessType: 3 })).toEqual([
      { field: 'code', operator: 'contains', value: 'base' },
      { field: 'businessType', operator: 'eq', value: 3 },
    ]);
  });
});
