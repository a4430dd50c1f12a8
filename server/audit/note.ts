/**
 * An audit row written by the server itself, for a write the triggers do not see: the keys a
 * statistics batch changed (traffic tables are not audited row by row), sessions an administrator ended
 * (sessions are not audited: every login and request writes them). Written with the write's
 * transaction, in the current request's context; outside a request, nothing.
 */
import type { Kysely } from 'kysely';
import type { AuditAction } from '../../contract/entities/audit';
import { chunks } from '../db/chunks';
import type { Database } from '../db/schema';
import { currentAuditContext, type AuditContext } from './context';
import { maskChanges } from './personalColumns';

export interface AuditNote {
  tableName: string;
  recordId: string | null;
  action: AuditAction;
  changes: Record<string, [unknown, unknown]>;
}

export async function writeAuditNotes(on: Kysely<Database>, notes: readonly AuditNote[]): Promise<void> {
  const text = currentAuditContext();
  if (!text) return;
  await writeAuditNotesAs(on, JSON.parse(text) as AuditContext, notes);
}

/** The notes in a context taken earlier: a streamed answer (an export) ends after its handler has returned. */
export async function writeAuditNotesAs(on: Kysely<Database>, context: AuditContext, notes: readonly AuditNote[]): Promise<void> {
  if (notes.length === 0) return;
  // In parts: a statistics batch or ending an account's sessions may note thousands of records.
  for (const part of chunks(notes)) {
    await on
      .insertInto('auditLog')
      .values(
        part.map((note) => ({
          changedAt: context.at,
          requestId: context.requestId,
          userId: context.userId,
          userCode: context.userCode,
          userName: context.userName,
          method: context.method,
          route: context.route,
          address: context.address,
          tableName: note.tableName,
          recordId: note.recordId,
          action: note.action,
          // Personal columns masked as the triggers mask them.
          changes: JSON.stringify(maskChanges(note.tableName, note.changes)),
        })),
      )
      .execute();
  }
}
