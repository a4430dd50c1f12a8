/**
 * One record's history from the audit log, and the plan of reverting one of its edits, for every
 * owner of a record's save (the declarative resources' feature, the staff screen). Each owner says
 * which fields a revert may restore and replays the plan through its own guarded save: this module
 * never writes.
 *
 * A field is never restorable when the audit log holds no usable value of it (a secret column
 * stored as ******, a personal one stored masked), beside those the owner excludes.
 */
import type { Kysely } from 'kysely';
import { Code, MAX_PAGE_SIZE, parsePaging, type ListData, type Locale, type Text } from '../../contract';
import { changePairs, historyMessages, type HistoryChange, type HistoryEntry } from '../../contract/history';
import { MASK, SECRET_COLUMNS } from '../audit/coverage';
import { personalColumns } from '../audit/personalColumns';
import type { AuditAction } from '../../contract/entities/audit';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';

/** `param_value` → `paramValue`: the field a stored column holds. */
const fieldOf = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Values compared as a save compares them: null and '' alike, arrays and objects by their JSON. */
function sameValue(a: unknown, b: unknown): boolean {
  const shown = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  return shown(a) === shown(b);
}

export interface HistorySubject {
  db: Kysely<Database>;
  /** The stored table (snake_case, as the audit log names it). */
  table: string;
  /** Fields a revert may restore (the owner's form fields less what its save keeps). */
  restorable: ReadonlySet<string>;
  /** A stored (audited) value as the save takes it, e.g. tags' JSON text as their array. */
  decode?(field: string, value: unknown): unknown;
}

/** The columns the audit log holds no usable value of in `table`. */
function unusableColumns(table: string): ReadonlySet<string> {
  return new Set([...SECRET_COLUMNS, ...(personalColumns().get(table)?.keys() ?? [])]);
}

interface AuditRow {
  id: number;
  changedAt: number;
  userId: number | null;
  userCode: string | null;
  userName: string | null;
  method: string;
  route: string;
  action: AuditAction;
  changes: string | null;
}

/** What a record's history holds: its writes (an export names no record). */
const RECORD_ACTIONS: ReadonlyArray<HistoryEntry['action']> = ['insert', 'update', 'delete'];

function decodedChanges(text: string | null): HistoryChange[] {
  return changePairs(text).map(({ column, before, after }) => ({ field: fieldOf(column), before: before ?? null, after: after ?? null }));
}

/** The changes of an entry a revert would restore, or why it may not be reverted. */
function judge(subject: HistorySubject, row: AuditRow, current: Record<string, unknown>): { changes: HistoryChange[]; refusal?: { code: Code; message: Text } } {
  if (row.action !== 'update') return { changes: [], refusal: { code: Code.VALIDATION_FAILED, message: historyMessages.notUpdate } };
  const unusable = unusableColumns(subject.table);
  const changes = decodedChanges(row.changes).filter(
    (change) => subject.restorable.has(change.field) && ![...unusable].some((column) => fieldOf(column) === change.field) && change.before !== MASK && change.after !== MASK,
  );
  if (changes.length === 0) return { changes, refusal: { code: Code.VALIDATION_FAILED, message: historyMessages.nothingRevertible } };
  const decode = subject.decode ?? ((_field: string, value: unknown) => value);
  if (changes.some((change) => !sameValue(current[change.field], decode(change.field, change.after)))) {
    return { changes, refusal: { code: Code.CONFLICT, message: historyMessages.changedSince } };
  }
  return { changes };
}

const auditColumns = ['id', 'changedAt', 'userId', 'userCode', 'userName', 'method', 'route', 'action', 'changes'] as const;

/** The record's audit rows, newest first, a page at a time, each with whether it may be reverted now. */
export async function historyPage(subject: HistorySubject, current: Record<string, unknown> & { id: number }, params: Record<string, unknown>, locale: Locale): Promise<ListData<HistoryEntry>> {
  const { page, size } = parsePaging(params);
  const own = subject.db.selectFrom('auditLog').where('tableName', '=', subject.table).where('recordId', '=', String(current.id)).where('action', 'in', RECORD_ACTIONS);
  const [rows, counted] = await Promise.all([
    own.select(auditColumns).orderBy('id', 'desc').limit(Math.min(size, MAX_PAGE_SIZE)).offset((page - 1) * size).execute(),
    own.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const items = rows.map((row): HistoryEntry => {
    const { refusal } = judge(subject, row, current);
    return {
      id: row.id,
      changedAt: Number(row.changedAt),
      userId: row.userId,
      userCode: row.userCode,
      userName: row.userName,
      action: row.action as HistoryEntry['action'],
      route: `${row.method} ${row.route}`,
      changes: decodedChanges(row.changes),
      revertible: refusal === undefined,
      ...(refusal ? { notRevertibleReason: refusal.message[locale] } : {}),
    };
  });
  return { items, total: Number(counted.total) };
}

/**
 * The values reverting audit row `auditId` sets on the record `current`: each restorable field of
 * that edit back to its value before it. Refused when the row is not this record's (1004), not an
 * edit or has nothing restorable (1001), or a field changed since (1011).
 */
export async function revertValues(subject: HistorySubject, current: Record<string, unknown> & { id: number }, auditId: number): Promise<Record<string, unknown>> {
  const row = await subject.db.selectFrom('auditLog').select([...auditColumns, 'tableName', 'recordId']).where('id', '=', auditId).executeTakeFirst();
  if (!row || row.tableName !== subject.table || row.recordId !== String(current.id)) throw new ApiError(Code.NOT_FOUND, historyMessages.notThisRecord);
  const { changes, refusal } = judge(subject, row, current);
  if (refusal) throw new ApiError(refusal.code, refusal.message);
  const decode = subject.decode ?? ((_field: string, value: unknown) => value);
  return Object.fromEntries(changes.map((change) => [change.field, decode(change.field, change.before)]));
}
