/**
 * A record's history (GET <endpoint>/history?id&pageNo&pageSize, newest first) from the audit
 * log, and the revert of one change (POST <endpoint>/revert {id, auditId}). A revert is replayed
 * through the record's own guarded save (the same grants, rules, policies and data scope), is
 * refused when a field changed since (1011), and is recorded as a change of its own. Only
 * updates are revertible, and only fields the record's form edits; grants, role switches and
 * passwords never are.
 */
import { text } from './i18n';

export interface HistoryChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface HistoryEntry {
  /** The audit row's id: what a revert names. */
  id: number;
  changedAt: number;
  userId: number | null;
  userCode: string | null;
  userName: string | null;
  action: 'insert' | 'update' | 'delete';
  /** The call that wrote it (`METHOD /path`). */
  route: string;
  changes: HistoryChange[];
  /** Whether a revert of it may be asked; else why not. */
  revertible: boolean;
  notRevertibleReason?: string;
}

export const HISTORY_PATHS = { history: '/history', revert: '/revert' } as const;

export const historyMessages = {
  tab: text('变更历史', 'History'),
  revert: text('撤销此变更', 'Revert this change'),
  changedSince: text('该字段在此变更之后已被修改，不能撤销', 'A field changed after this change; it cannot be reverted'),
  notUpdate: text('只有修改可以撤销', 'Only an edit can be reverted'),
  nothingRevertible: text('此变更中没有可撤销的字段', 'Nothing in this change can be reverted'),
  notThisRecord: text('该变更不属于此记录', 'This change does not belong to the record'),
};

/**
 * The column → [before, after] pairs of an audit row's stored changes (an insert or delete may
 * store a bare value); none when the text is not such a record.
 */
export function changePairs(text: unknown): Array<{ column: string; before: unknown; after: unknown }> {
  if (typeof text !== 'string' || !text) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return [];
  return Object.entries(parsed as Record<string, unknown>).map(([column, pair]) => {
    const [before, after] = Array.isArray(pair) ? pair : [undefined, pair];
    return { column, before, after };
  });
}
