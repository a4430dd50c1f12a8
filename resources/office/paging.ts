/** The member and candidate tables' paging (SPEC §4: a new page size starts again at page 1). */
import { DEFAULT_PAGE_SIZE } from '../../contract/paging';

export interface Paging {
  page: number;
  size: number;
}

export const FIRST_PAGE: Paging = { page: 1, size: DEFAULT_PAGE_SIZE };

/** antd Pagination's onChange → the next paging: a changed size goes back to page 1. */
export function nextPaging(current: Paging, page: number, size: number): Paging {
  return size !== current.size ? { page: 1, size } : { page, size };
}

/** The page to show after `removed` rows of `total` went away: the last one that still has rows. */
export function pageAfterRemoval(current: Paging, total: number, removed: number): Paging {
  const lastPage = Math.max(1, Math.ceil(Math.max(0, total - removed) / current.size));
  return current.page > lastPage ? { ...current, page: lastPage } : current;
}

/** The list call's body: the filters and the page. */
export function pageBody(filters: Record<string, unknown>, paging: Paging): Record<string, unknown> {
  return { ...filters, pageNo: paging.page, pageSize: paging.size };
}
