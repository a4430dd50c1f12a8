/**
 * Setting one value on several records at once, as `<endpoint>/bulkUpdate` (resources/define.ts)
 * takes and answers it: every record is checked as a single save would check it, and either all are
 * written in one transaction or none, the refusal then listing each record a save would refuse.
 */
import { text, type Text } from './i18n';

export interface BulkUpdateRequest {
  ids: number[];
  /** Field → value, each field one the definition lets be set in bulk. */
  values: Record<string, unknown>;
}

/** One record a single save would refuse: what that save would have answered. */
export interface BulkRefusal {
  id: number;
  /** The record's name (the definition's labelField), when it has one. */
  label: string | null;
  code: number;
  message: string;
}

/** The `data` of a refused bulk update (its code: the refusals' own when they share one, else 1001). */
export interface BulkRefused {
  refused: BulkRefusal[];
}

/** The `data` of a bulk update written. */
export interface BulkUpdated {
  updated: number;
}

export const BULK_REFUSED: Text = text('{count} 条记录未能修改，均未保存', '{count} record(s) were refused; nothing was saved');

/**
 * Acting on every row a list's filters select instead of on chosen ids: `match` holds the list's
 * parameters (as its /list takes them, paging aside) and `expected` the count the console showed;
 * a different count now refuses (1001, nothing written), so the caller confirms what it saw.
 */
export interface BulkMatch {
  match: Record<string, unknown>;
  expected: number;
}

/** The most rows one action on all matching rows touches; past it the filter must be narrowed. */
export const MAX_BULK_MATCH = 10_000;

/** The `data` of a refusal for too many or a changed count of matching rows: how many match now. */
export interface BulkMatchRefused {
  count: number;
}

export const BULK_MATCH_MESSAGES = {
  tooMany: text('筛选结果有 {count} 条，批量操作最多 {max} 条，请缩小范围', '{count} rows match; a bulk action takes at most {max}; narrow the filter'),
  changed: text('筛选结果已变为 {count} 条（确认时为 {expected} 条），未做任何修改，请重新确认', 'The filter now matches {count} rows (you confirmed {expected}); nothing was changed; confirm again'),
  idsAndMatch: text('请只给出所选记录（ids）或筛选条件（match）之一', 'Send either the chosen records (ids) or a filter (match), not both'),
} satisfies Record<string, Text>;
