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
