/**
 * One import (`<endpoint>/import`): the file's bytes are read as rows of text, each cell parsed as
 * a user would type it, and each row checked by the save's own checks (the plan's `check`, which
 * throws the refusal a save would answer); rows may not repeat each other on the entity's unique
 * rules. Every problem of every row is reported. A dry run answers the report; a commit writes
 * every row in one transaction with the file's batch, or nothing (1001 with the report). A file
 * committed to the table before answers when and by whom, and writes nothing.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Code, format, type Text } from '../../contract';
import { IMPORT_DRY_RUN_PARAM, IMPORT_LIMITS, IMPORT_MESSAGES, type ImportProblem, type ImportReport } from '../../contract/importFile';
import type { CallContext } from '../crud/feature';
import { contextOf } from '../crud/feature';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../db/uniqueViolation';
import { ApiError, envelopeOf } from '../errors';
import { requestParams, textParam } from '../http/params';
import { committedBatch, digestOf, recordBatch } from './batches';
import { headerOf, matchHeader, type ImportColumn } from './columns';
import { fileBytes } from './fileBody';
import { readSheet } from './readSheet';

export interface ImportPlan<V> {
  /** The table the rows go to: the batch's key with the digest. */
  table: string;
  columns: readonly ImportColumn[];
  /** Rules no two rows of the file may share (the entity's unique rules), by the columns' fields. */
  unique: ReadonlyArray<{ fields: readonly string[]; label: Text }>;
  /** A column's field for a field a check names (a region column fills three fields). */
  columnOf?(field: string): string | undefined;
  /** The row as a save of a new record would check it: what to write, or the save's refusal thrown. */
  check(values: Record<string, unknown>, context: CallContext): Promise<V>;
  /** Writes every checked row inside the commit's transaction. */
  write(trx: Kysely<Database>, rows: readonly V[], context: CallContext): Promise<void>;
  /** Default IMPORT_LIMITS.millis. */
  millis?: number;
}

export function isDryRun(request: FastifyRequest): boolean {
  const value = textParam(requestParams(request)[IMPORT_DRY_RUN_PARAM]);
  return value === '1' || value === 'true';
}

const keyText = (value: unknown) => (value === null || value === undefined ? '' : Array.isArray(value) ? value.map(String).sort().join(',') : String(value).trim().toLowerCase());

export async function runImport<V>(request: FastifyRequest, db: Kysely<Database>, plan: ImportPlan<V>): Promise<ImportReport> {
  const started = Date.now();
  const { locale } = request;
  const context = contextOf(request);
  const bytes = fileBytes(request);
  const digest = digestOf(bytes);
  const before = await committedBatch(db, plan.table, digest);
  if (before) return { digest, rows: before.rows, valid: before.rows, problems: [], imported: 0, importedBefore: before.importedBefore };

  const sheet = await readSheet(bytes, locale);
  const header = matchHeader(sheet.header, plan.columns, locale);
  if ('refusal' in header) throw new ApiError(Code.VALIDATION_FAILED, header.refusal);
  const { matched } = header;

  const problems: ImportProblem[] = [];
  const columnNamed = (field: string | null) => {
    const key = field === null ? undefined : (plan.columnOf?.(field) ?? field);
    return plan.columns.find((column) => column.field === key);
  };
  const problem = (row: number, field: string | null, message: string) => {
    const column = columnNamed(field);
    problems.push({ row, field: column?.field ?? field, column: column ? headerOf(column, locale) : null, message });
  };
  const seen = plan.unique.map(() => new Map<string, number>());
  const checked: V[] = [];

  for (const [index, { row, cells }] of sheet.rows.entries()) {
    if (Date.now() - started > (plan.millis ?? IMPORT_LIMITS.millis)) throw new ApiError(Code.VALIDATION_FAILED, IMPORT_MESSAGES.tooSlow[locale]);
    // Other callers keep their turn while a long file is checked.
    if (index % 200 === 199) await new Promise((resolve) => setImmediate(resolve));
    const values: Record<string, unknown> = {};
    const unparsed = new Set<string>();
    for (const [i, column] of matched.entries()) {
      const cell = cells[i] ?? '';
      if (!column || cell === '') continue;
      const parsed = await column.parse(cell, locale);
      if ('problem' in parsed) {
        unparsed.add(column.field);
        problem(row, column.field, parsed.problem);
      } else values[column.field] = parsed.value;
    }
    plan.unique.forEach((rule, r) => {
      const parts = rule.fields.map((field) => keyText(values[field]));
      if (parts.some((part) => part === '')) return;
      const key = JSON.stringify(parts);
      const earlier = seen[r]!.get(key);
      if (earlier === undefined) seen[r]!.set(key, row);
      else problem(row, rule.fields[rule.fields.length - 1]!, format(IMPORT_MESSAGES.duplicateInFile[locale], { label: rule.label[locale], row: earlier }));
    });
    try {
      checked.push(await plan.check(values, context));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fields = (error.data as { fields?: Record<string, string> } | undefined)?.fields;
      const named = fields ? Object.entries(fields).filter(([field]) => !unparsed.has(plan.columnOf?.(field) ?? field)) : [];
      if (named.length) for (const [field, message] of named) problem(row, field, message);
      else if (!fields || unparsed.size === 0) problem(row, null, envelopeOf(error, locale).msg);
    }
  }

  // Written only when no row has a problem: `checked` is then every row.
  const badRows = new Set(problems.map((p) => p.row));
  const report: ImportReport = { digest, rows: sheet.rows.length, valid: sheet.rows.length - badRows.size, problems, imported: 0, importedBefore: null };
  if (isDryRun(request)) return report;
  if (badRows.size) throw new ApiError(Code.VALIDATION_FAILED, format(IMPORT_MESSAGES.refused[locale], { count: badRows.size }), report);

  try {
    await db.transaction().execute(async (trx) => {
      await recordBatch(trx, { table: plan.table, digest, userId: request.caller?.userId ?? null, rows: checked.length });
      await plan.write(trx, checked, context);
    });
  } catch (error) {
    // The same file committed a moment ago by another request: its batch decides.
    const committed = isUniqueViolation(error) ? await committedBatch(db, plan.table, digest) : undefined;
    if (committed) return { ...report, imported: 0, importedBefore: committed.importedBefore };
    throw error;
  }
  return { ...report, imported: checked.length };
}
