import { describe, expect, it } from 'vitest';
import { generateFilters } from '../../../../providers/mapping/filters';

describe('generateFilters', () => {
  it('sends eq and contains filters as query parameters named by field', () => {
    expect(
      generateFilters([
        { field: 'paramKey', operator: 'contains', value: 'mail' },
        { field: 'officeId', operator: 'eq', value: 7 },
      ]),
    ).toEqual({ paramKey: 'mail', officeId: 7 });
  });

  it('leaves out blank values so an empty search field does not filter', () => {
    expect(
      generateFilters([
        { field: 'name', operator: 'contains', value: '   ' },
        { field: 'code', operator: 'eq', value: undefined },
        { field: 'roleIds', operator: 'in', value: [] },
      ]),
    ).toEqual({});
  });

  it('trims text and sends "in" as a comma list', () => {
    expect(generateFilters([{ field: 'name', operator: 'contains', value: ' 张 ' }, { field: 'roleIds', operator: 'in', value: [1, 2] }])).toEqual({
      name: '张',
      roleIds: [1, 2],
    });
  });

  it('turns a field named searchKey, or an "or" of contains with one value, into searchKey', () => {
    expect(generateFilters([{ field: 'searchKey', operator: 'contains', value: 'abc' }])).toEqual({ searchKey: 'abc' });
    expect(
      generateFilters([
        {
          operator: 'or',
          value: [
            { field: 'paramKey', operator: 'contains', value: 'abc' },
            { field: 'value', operator: 'contains', value: 'abc' },
          ],
        },
      ]),
    ).toEqual({ searchKey: 'abc' });
  });

  it('sends a range as <field>From and <field>To, leaving out an open end', () => {
    expect(
      generateFilters([
        { field: 'changedAt', operator: 'gte', value: 1_700_000_000_000 },
        { field: 'changedAt', operator: 'lte', value: 1_700_086_400_000 },
        { field: 'attemptedAt', operator: 'gte', value: undefined },
        { field: 'attemptedAt', operator: 'lte', value: 5 },
      ]),
    ).toEqual({ changedAtFrom: 1_700_000_000_000, changedAtTo: 1_700_086_400_000, attemptedAtTo: 5 });
  });

  it('refuses operators the list calls cannot express instead of dropping them', () => {
    expect(() => generateFilters([{ field: 'sortNum', operator: 'gt', value: 3 }])).toThrow(/operator "gt"/);
  });
});
