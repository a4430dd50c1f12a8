/** Paging: the platform uses both pageNo/pageSize and page/size (and limit); all are accepted. */
export const DEFAULT_PAGE_SIZE = 10;
/** Dropdowns load up to this many rows in one page. */
export const MAX_PAGE_SIZE = 1000;
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
/**
 * Highest page number read (9 digits, as the query string allows): with MAX_PAGE_SIZE the offset
 * stays a safe integer that both databases bind as one.
 */
export const MAX_PAGE_NO = 999_999_999;

/** Query parameter names of a requested order (only columns the resource declares `sortable`; the server refuses others with 1001). */
export const SORT_PARAM = 'sort';
export const ORDER_PARAM = 'order';

/** How a resource names its paging parameters on the wire. */
export type PagingStyle = 'pageNo' | 'page';

export function pagingParams(style: PagingStyle, page: number, size: number): Record<string, number> {
  return style === 'page' ? { page, size } : { pageNo: page, pageSize: size };
}

export interface Paging {
  page: number;
  size: number;
}

/** A whole number from 1 to MAX_PAGE_NO, whether it travels as JSON or as text. */
function positiveInt(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 && n <= MAX_PAGE_NO ? n : undefined;
}

/** Reads paging from a request's parameters; out-of-range values fall back to defaults and caps. */
export function parsePaging(params: Record<string, unknown>): Paging {
  const page = positiveInt(params.pageNo) ?? positiveInt(params.page) ?? 1;
  const size = positiveInt(params.pageSize) ?? positiveInt(params.size) ?? positiveInt(params.limit) ?? DEFAULT_PAGE_SIZE;
  return { page, size: Math.min(size, MAX_PAGE_SIZE) };
}

/** Row number shown in lists: index + 1 + size × (page − 1). */
export function rowNumber(index: number, page: number, size: number): number {
  return index + 1 + size * (page - 1);
}
