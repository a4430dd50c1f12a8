import { describe, expect, it } from 'vitest';
import { nextPaging, pageAfterRemoval, pageBody } from '../../../resources/office/paging';

describe('member table paging', () => {
  it('goes back to page 1 when the page size changes, and follows the page otherwise', () => {
    expect(nextPaging({ page: 3, size: 10 }, 3, 20)).toEqual({ page: 1, size: 20 });
    expect(nextPaging({ page: 3, size: 10 }, 4, 10)).toEqual({ page: 4, size: 10 });
  });

  it('steps back when a removal empties the last page', () => {
    expect(pageAfterRemoval({ page: 3, size: 10 }, 21, 1)).toEqual({ page: 2, size: 10 });
    expect(pageAfterRemoval({ page: 2, size: 10 }, 21, 1)).toEqual({ page: 2, size: 10 });
    expect(pageAfterRemoval({ page: 2, size: 10 }, 12, 12)).toEqual({ page: 1, size: 10 });
  });

  it('sends the filters with pageNo and pageSize', () => {
    expect(pageBody({ officeId: 4 }, { page: 2, size: 20 })).toEqual({ officeId: 4, pageNo: 2, pageSize: 20 });
  });
});
