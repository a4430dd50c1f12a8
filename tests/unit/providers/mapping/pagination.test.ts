import { describe, expect, it } from 'vitest';
import { generatePagination } from '../../../../providers/mapping/pagination';

describe('generatePagination', () => {
  it('names the page and size the way the resource does', () => {
    expect(generatePagination('page', { currentPage: 3, pageSize: 20 })).toEqual({ page: 3, size: 20 });
    expect(generatePagination('pageNo', { currentPage: 3, pageSize: 20 })).toEqual({ pageNo: 3, pageSize: 20 });
  });

  it('asks for the first page of 10 when Refine gives no pagination', () => {
    expect(generatePagination('pageNo', undefined)).toEqual({ pageNo: 1, pageSize: 10 });
  });

  it('asks for up to 1000 rows at once when paging is off or done in the browser (dropdowns)', () => {
    expect(generatePagination('page', { mode: 'off' })).toEqual({ page: 1, size: 1000 });
    expect(generatePagination('pageNo', { mode: 'client', currentPage: 4, pageSize: 10 })).toEqual({ pageNo: 1, pageSize: 1000 });
  });

  it('keeps page and size in range', () => {
    expect(generatePagination('page', { currentPage: 0, pageSize: 5000 })).toEqual({ page: 1, size: 1000 });
  });
});
