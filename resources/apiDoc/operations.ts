/**
 * The API reference page's reading of the document (contract/openapi.ts): one row per operation,
 * grouped by tag (prefix and first segment), filtered by what the user types (path, name in either
 * language, API element, granting button, method or access level).
 */
import type { DocDocument, DocOperation } from '../../contract/openapi';

export interface OperationRow {
  key: string;
  method: 'GET' | 'POST';
  path: string;
  operation: DocOperation;
}

export interface OperationGroup {
  tag: string;
  rows: OperationRow[];
}

export function operationRows(document: DocDocument): OperationRow[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    (['get', 'post'] as const).flatMap((method) => {
      const operation = item[method];
      return operation ? [{ key: `${method} ${path}`, method: method.toUpperCase() as 'GET' | 'POST', path, operation }] : [];
    }),
  );
}

/** Every word of `search` must occur (case ignored) in what the row says of itself. */
export function matches(row: OperationRow, search: string): boolean {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const { operation } = row;
  const haystack = [
    row.method,
    row.path,
    operation['x-title']['zh-CN'],
    operation['x-title']['en-US'],
    operation['x-access'],
    operation['x-api-element'] ?? '',
    ...(operation['x-granted-by'] ?? []).map((g) => g.pageElement),
  ]
    .join(' ')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** The matching rows by tag, tags and rows in path order. */
export function groupedOperations(document: DocDocument, search: string): OperationGroup[] {
  const groups = new Map<string, OperationRow[]>();
  for (const row of operationRows(document).filter((r) => matches(r, search)).sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))) {
    const tag = row.operation.tags[0] ?? '';
    groups.set(tag, [...(groups.get(tag) ?? []), row]);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([tag, rows]) => ({ tag, rows }));
}

/** A parameter's type as a short word: its JSON Schema type, or the alternatives' types. */
export function typeOf(schema: Record<string, unknown>): string {
  if (typeof schema.type === 'string') return schema.type === 'array' ? `${typeOf((schema.items ?? {}) as Record<string, unknown>)}[]` : schema.type;
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).map(String).join(' | ');
  if ('const' in schema) return JSON.stringify(schema.const);
  const alternatives = (schema.anyOf ?? schema.oneOf) as Array<Record<string, unknown>> | undefined;
  if (Array.isArray(alternatives)) return [...new Set(alternatives.map(typeOf))].join(' | ');
  return 'any';
}
