/**
 * Which rows a bulk action touches: the checked ones (`ids`), or every row the list's filters
 * select (`match`, with the count the console showed: contract/bulkUpdate.ts BulkMatch).
 */
import type { BaseKey } from '@refinedev/core';
import { MAX_BULK_MATCH, type BulkMatch } from '../../contract/bulkUpdate';

export type BulkTarget = { kind: 'ids'; ids: readonly BaseKey[] } | ({ kind: 'match' } & BulkMatch);

/** How many rows the action touches, as the confirmation names them. */
export function targetCount(target: BulkTarget): number {
  return target.kind === 'ids' ? target.ids.length : target.expected;
}

/** The part of the request body that names the rows. */
export function targetBody(target: BulkTarget): { ids: number[] } | BulkMatch {
  return target.kind === 'ids' ? { ids: target.ids.map(Number) } : { match: target.match, expected: target.expected };
}

/**
 * Whether "all matching rows" is on offer: every row of the page is checked and the filters select
 * more than the page holds.
 */
export function offersAllMatching(checked: number, pageRows: number, total: number): boolean {
  return pageRows > 0 && checked === pageRows && total > pageRows;
}

/** Whether the filters select more rows than one action may touch (the filter must be narrowed). */
export function isTooManyToMatch(total: number): boolean {
  return total > MAX_BULK_MATCH;
}
