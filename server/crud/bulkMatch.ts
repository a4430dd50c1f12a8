/**
 * Which rows a bulk call (a declared resource's bulkUpdate and delete, the person list's enable,
 * delete and bulkUpdate) acts on: the `ids` it names, or every row its `match` selects
 * (contract/bulkUpdate.ts BulkMatch). A match is the list's own parameters, read by the list's own
 * query (its checks, required filters and narrowing), paging aside; the caller confirms the count
 * the console showed (`expected`). More than MAX_BULK_MATCH rows, or a count other than the one
 * confirmed, refuses (1001) before anything is written; otherwise the call goes on exactly as with
 * those ids. Each caller passes how its list resolves a match; this module names no resource.
 */
import { BULK_MATCH_MESSAGES, Code, format, MAX_BULK_MATCH, type BulkMatchRefused, type Locale } from '../../contract';
import { ApiError } from '../errors';
import { invalidParam, missingParam } from '../http/params';

/** The list's paging parameters, which a match ignores (it means every page). */
const PAGING_PARAMS = ['pageNo', 'pageSize', 'page', 'size', 'limit'];

/** What a list's query finds for a match: at most `limit` ids (in a stable order), and how many there are in all. */
export interface MatchedIds {
  ids: number[];
  /** Asked only when `ids` reached the limit: the whole count, for the refusal. */
  total(): Promise<number>;
}

/** How one list resolves a match's parameters (checks and narrowing as its /list applies them). */
export type MatchResolver = (match: Record<string, unknown>, limit: number) => Promise<MatchedIds>;

const isGiven = (value: unknown) => value !== undefined && value !== null && value !== '';

/** Whether the call names its rows by a filter rather than by ids. */
export function isMatchCall(params: Readonly<Record<string, unknown>>): boolean {
  return isGiven(params.match);
}

/** The match's list parameters without paging; 1001 naming `match` when it is not an object. */
export function matchParams(value: unknown, locale: Locale): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidParam('match', locale);
  return Object.fromEntries(Object.entries(value).filter(([name]) => !PAGING_PARAMS.includes(name)));
}

function expectedOf(value: unknown, locale: Locale): number {
  if (!isGiven(value)) throw missingParam('expected', locale);
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,9}$/.test(text)) throw invalidParam('expected', locale);
  return Number(text);
}

function countRefusal(message: string, count: number): ApiError {
  const data: BulkMatchRefused & { fields: Record<string, string> } = { count, fields: { expected: message } };
  return new ApiError(Code.VALIDATION_FAILED, message, data);
}

/**
 * The ids a bulk call acts on: `byIds(params.ids)` when it names ids (its own checks and bounds,
 * and its refusal when neither is sent), else those its match selects, confirmed. Both: 1001.
 */
export async function targetIds(params: Readonly<Record<string, unknown>>, locale: Locale, resolve: MatchResolver, byIds: (value: unknown) => number[]): Promise<number[]> {
  if (!isMatchCall(params)) return byIds(params.ids);
  if (isGiven(params.ids)) {
    const message = BULK_MATCH_MESSAGES.idsAndMatch[locale];
    throw new ApiError(Code.VALIDATION_FAILED, message, { fields: { ids: message, match: message } });
  }
  const match = matchParams(params.match, locale);
  const expected = expectedOf(params.expected, locale);
  const found = await resolve(match, MAX_BULK_MATCH + 1);
  if (found.ids.length > MAX_BULK_MATCH) {
    const count = await found.total();
    throw countRefusal(format(BULK_MATCH_MESSAGES.tooMany[locale], { count, max: MAX_BULK_MATCH }), count);
  }
  const count = found.ids.length;
  if (count !== expected) throw countRefusal(format(BULK_MATCH_MESSAGES.changed[locale], { count, expected }), count);
  return found.ids;
}
