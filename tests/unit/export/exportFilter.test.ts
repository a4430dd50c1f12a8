/** An export's filter as its audit row records it: scalars as text, personal values masked, nothing a caller sends can make it throw. */
import { describe, expect, it } from 'vitest';
import { exportFilter } from '../../../server/export/exportFilter';

describe('exportFilter', () => {
  it('records the named parameters as text, an array comma-joined, personal ones masked', () => {
    expect(exportFilter({ name: ' 张三 ', ids: [3, '4'], telephone: '138', other: 'x' }, ['name', 'ids', 'telephone'], new Set(['telephone']))).toEqual({
      name: '张三',
      ids: '3,4',
      telephone: '******',
    });
  });

  it('leaves out an array’s object elements, one whose toString is not a function included', () => {
    const hostile = { toString: 1 };
    expect(exportFilter({ order: ['asc', hostile, { a: 1 }, ['nested']] }, ['order'], new Set())).toEqual({ order: 'asc' });
    expect(exportFilter({ order: [hostile] }, ['order'], new Set())).toEqual({});
  });
});
