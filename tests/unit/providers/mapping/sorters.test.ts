import { describe, expect, it } from 'vitest';
import { generateSort } from '../../../../providers/mapping/sorters';

describe('generateSort', () => {
  it('sends the first sorter on a declared sort field', () => {
    expect(generateSort([{ field: 'remark', order: 'asc' }, { field: 'sortNum', order: 'desc' }], ['sortNum'])).toEqual({ sort: 'sortNum', order: 'desc' });
  });

  it('ignores sorters on other fields (the server keeps its default order)', () => {
    expect(generateSort([{ field: 'remark', order: 'asc' }], ['sortNum'])).toEqual({});
    expect(generateSort(undefined, ['sortNum'])).toEqual({});
  });
});
