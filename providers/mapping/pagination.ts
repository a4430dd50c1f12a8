import type { Pagination } from '@refinedev/core';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pagingParams, type PagingStyle } from '../../contract/paging';

/**
 * Refine pagination → the resource's paging parameters (`pageNo/pageSize` or `page/size`).
 * Without server paging (mode `off` or `client`) the first MAX_PAGE_SIZE rows are asked for,
 * as the platform's dropdowns do.
 */
export function generatePagination(style: PagingStyle, pagination: Pagination | undefined): Record<string, number> {
  const mode = pagination?.mode ?? 'server';
  if (mode !== 'server') return pagingParams(style, 1, MAX_PAGE_SIZE);
  const page = Math.max(1, Math.trunc(pagination?.currentPage ?? 1));
  const size = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(pagination?.pageSize ?? DEFAULT_PAGE_SIZE)));
  return pagingParams(style, page, size);
}
