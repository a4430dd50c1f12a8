/**
 * Which audited columns hold personal data, and how the audit log masks each: derived from the
 * contract, never listed here. The staff table's come from STAFF_PERSONAL_FIELDS beside the staff
 * entity; a declared resource's from its `privacy.masked` (what its screens mask). The triggers
 * (./triggers.ts) store these columns masked, the server's own notes (./note.ts) too, and
 * migration 0015 masked the rows stored before.
 */
import type { Kysely } from 'kysely';
import { STAFF_PERSONAL_FIELDS } from '../../contract/entities/staff';
import { maskPersonal, type PersonalKind } from '../../contract/personalData';
import type { ResourceDefinition } from '../../resources/define';
import { resourceDefinitions } from '../../resources/registry';
import type { Database } from '../db/schema';
import { snakeCase } from '../db/resourceTables';

/** The bespoke screens' tables that hold personal data, each with its contract declaration. */
const BESPOKE_TABLES: Readonly<Record<string, Readonly<Record<string, PersonalKind>>>> = { user: STAFF_PERSONAL_FIELDS };

/** Table → column (as stored) → how it is masked. */
export type PersonalColumns = ReadonlyMap<string, ReadonlyMap<string, PersonalKind>>;

export function personalColumns(definitions: readonly ResourceDefinition[] = resourceDefinitions): PersonalColumns {
  const tables = new Map<string, Map<string, PersonalKind>>();
  const add = (table: string, fields: Readonly<Record<string, PersonalKind | undefined>>) => {
    const columns = tables.get(table) ?? new Map<string, PersonalKind>();
    for (const [field, kind] of Object.entries(fields)) if (kind) columns.set(snakeCase(field), kind);
    if (columns.size) tables.set(table, columns);
  };
  for (const [table, fields] of Object.entries(BESPOKE_TABLES)) add(table, fields);
  for (const definition of definitions) if (definition.privacy) add(snakeCase(definition.table), definition.privacy.masked);
  return tables;
}

let registryColumns: PersonalColumns | undefined;
const defaultColumns = () => (registryColumns ??= personalColumns());

/** A record of changes (`{ column: [before, after] }`) of `table` with its personal columns masked. */
export function maskChanges(table: string, changes: Record<string, [unknown, unknown]>, columns: PersonalColumns = defaultColumns()): Record<string, [unknown, unknown]> {
  const personal = columns.get(table);
  if (!personal) return changes;
  return Object.fromEntries(
    Object.entries(changes).map(([column, pair]) => {
      const kind = personal.get(column);
      return [column, kind && Array.isArray(pair) ? [maskPersonal(kind, pair[0]), maskPersonal(kind, pair[1])] : pair];
    }),
  );
}

const PAGE = 500;

/** Masks the personal columns in the stored audit rows (rows written before the triggers masked them). */
export async function remaskStoredChanges(db: Kysely<Database>, columns: PersonalColumns = defaultColumns()): Promise<void> {
  const tables = [...columns.keys()];
  if (tables.length === 0) return;
  let after = 0;
  for (;;) {
    const rows = await db.selectFrom('auditLog').select(['id', 'tableName', 'changes']).where('tableName', 'in', tables).where('id', '>', after).orderBy('id').limit(PAGE).execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      const masked = remasked(row.tableName, row.changes, columns);
      if (masked !== undefined) await db.updateTable('auditLog').set({ changes: masked }).where('id', '=', row.id).execute();
    }
    after = rows[rows.length - 1]!.id;
  }
}

/** The masked text of a stored record of changes, or undefined when it is already masked (or is no such record). */
function remasked(table: string, text: string | null, columns: PersonalColumns): string | undefined {
  if (!text) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const masked = JSON.stringify(maskChanges(table, parsed as Record<string, [unknown, unknown]>, columns));
  return masked === JSON.stringify(parsed) ? undefined : masked;
}
