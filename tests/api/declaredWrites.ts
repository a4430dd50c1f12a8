/**
 * What the declared resources' writes are, derived from their definitions: a save of a new record
 * (built from the entity's rules), a move where the resource keeps an order, and a delete. The
 * audit coverage runs them and expects each to succeed and leave audit rows of the resource's table;
 * a new definition is covered with no call written for it.
 */
import { validateEntity, type Field } from '../../contract';
import { apiElementPath } from '../../contract/session';
import { IMPORT_PATH } from '../../contract/importFile';
import { HISTORY_PATHS } from '../../contract/history';
import { BULK_UPDATE_PATH, bulkFieldsOf, endpointOf, fixedFieldsOf, hasAction, hasHistory, historyFixedOf, isImportable, type ResourceDefinition } from '../../resources/define';
import { xlsxOf } from './importFiles';
import { resourceDefinitions } from '../../resources/registry';
import type { Answer, TestServer } from './harness';

/** A value for a `pattern` field: the first of these its check accepts. */
const PATTERN_CANDIDATES = ['/declared', 'https://example.com/declared', 'declared@example.com', '13800000000', '2020-01-01', '110101', 'declared'];

const isWritable = (d: ResourceDefinition) => hasAction(d, 'create');
const write = (method: 'GET' | 'POST', d: ResourceDefinition, action: string) => `${method} ${apiElementPath(endpointOf(d))}/${action}`;

const REVERT = HISTORY_PATHS.revert.slice(1);

/** A text field of the form a revert restores (not fixed, masked, kept by the history or the order), if any. */
function revertedField(d: ResourceDefinition): string | undefined {
  const kept = new Set<string | undefined>([...fixedFieldsOf(d), ...historyFixedOf(d), ...Object.keys(d.privacy?.masked ?? {}), d.order?.field]);
  const isText = (name: string) => ['requiredText', 'optionalText'].includes(d.entity.fields[name]?.rule.kind ?? '');
  return hasHistory(d) ? d.form.map((spec) => spec.field).find((name) => !kept.has(name) && isText(name)) : undefined;
}

/** The write routes (as matrix keys) a derived write calls. */
export function declaredWriteRoutes(definitions: readonly ResourceDefinition[]): string[] {
  return definitions.filter(isWritable).flatMap((d) => [
    write('POST', d, 'saveOrUpdate'),
    ...(hasAction(d, 'delete') ? [write('POST', d, 'delete')] : []),
    ...(d.order && hasAction(d, 'edit') ? [write('POST', d, 'move')] : []),
    ...(bulkFieldsOf(d).length ? [write('POST', d, BULK_UPDATE_PATH)] : []),
    ...(isImportable(d) ? [write('POST', d, IMPORT_PATH)] : []),
    ...(revertedField(d) !== undefined ? [write('POST', d, REVERT)] : []),
  ]);
}

/** Masters and referenced resources before those naming them. */
function inDependencyOrder(definitions: readonly ResourceDefinition[]): ResourceDefinition[] {
  const needs = (d: ResourceDefinition) => [d.parent?.resource, ...Object.values(d.references ?? {}).map((r) => r?.resource)].filter((n): n is string => !!n && n !== d.name);
  const ordered: ResourceDefinition[] = [];
  const visit = (d: ResourceDefinition) => {
    if (ordered.includes(d)) return;
    for (const name of needs(d)) {
      const target = definitions.find((other) => other.name === name);
      if (target) visit(target);
    }
    ordered.push(d);
  };
  definitions.forEach(visit);
  return ordered;
}

export interface DeclaredWrite {
  definition: ResourceDefinition;
  /** As the matrix names it. */
  route: string;
  /** The URL called. */
  url: string;
  answer: Answer<unknown>;
}

/**
 * Saves a new record of each writable definition (two where it keeps an order, then moves the
 * second up; where it has fields set in bulk, sets the first of them on the first record to the value it holds), then deletes them, last made first; `check` sees each call once it is answered.
 */
export async function runDeclaredWrites(
  server: TestServer,
  token: string,
  definitions: readonly ResourceDefinition[],
  check: (write: DeclaredWrite) => Promise<void>,
  /** Where a record they name is looked up when none of `definitions` made it (default: the registry). */
  known: readonly ResourceDefinition[] = resourceDefinitions,
): Promise<void> {
  const made = new Map<string, number[]>();
  let serial = 0;
  const call = async (d: ResourceDefinition, action: string, body: Record<string, unknown>) => {
    const url = `${endpointOf(d)}/${action}`;
    const answer = await server.call('POST', url, { token, body });
    await check({ definition: d, route: write('POST', d, action), url, answer });
    return answer;
  };
  const idOf = async (name: string): Promise<number> => {
    const own = made.get(name)?.[0];
    if (own !== undefined) return own;
    const target = [...definitions, ...known].find((d) => d.name === name)!;
    const { body } = await server.call<{ items?: Array<{ id: number }> }>('GET', `${endpointOf(target)}/list`, { token });
    const first = body.data.items?.[0];
    if (!first) throw new Error(`No ${name} record to name in a sample record`);
    return first.id;
  };
  const valueOf = async (d: ResourceDefinition, name: string, field: Field, n: number): Promise<unknown> => {
    const reference = d.parent?.field === name ? d.parent.resource : d.references?.[name]?.resource;
    if (reference) return field.rule.kind === 'tags' ? [await idOf(reference)] : idOf(reference);
    if (d.deletable?.field === name) return d.deletable.values[0];
    const rule = field.rule;
    switch (rule.kind) {
      case 'choice':
        return rule.values.find((v) => !d.readOnlyRows || d.readOnlyRows.field !== name || !d.readOnlyRows.values.includes(v)) ?? rule.values[0];
      case 'dictionary':
      case 'tags': {
        const { body } = await server.call<Array<{ dicKey: string }>>('GET', '/base/admin/dic/ListByKey', { token, query: { dicKey: field.dictionary! } });
        const value = body.data[0]?.dicKey;
        if (rule.kind === 'tags') return [value];
        return field.storage === 'integer' ? Number(value) : value;
      }
      case 'digits':
        return rule.asText ? '1' : 1;
      case 'requiredText':
        return `d${n}`.padEnd(rule.min, 'x').slice(0, rule.max);
      case 'pattern':
        return PATTERN_CANDIDATES.find((v) => rule.check(v, () => 'refused') === undefined);
      case 'date':
        // Within its bounds, and the same day for every date field (a rule "end not before start" holds).
        return rule.min ?? (rule.notAfterToday ? '2000-01-01' : (rule.max ?? '2026-01-01'));
      case 'dateTime':
        return Date.UTC(2026, 0, 1);
      case 'decimal':
        return rule.min;
      default:
        return undefined;
    }
  };
  const sampleOf = async (d: ResourceDefinition): Promise<Record<string, unknown>> => {
    const n = ++serial;
    const record: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(d.entity.fields)) {
      if (name === d.order?.field || !(field.required || d.parent?.field === name)) continue;
      record[name] = await valueOf(d, name, field, n);
    }
    const checked = validateEntity(d.entity, record);
    if (!checked.ok) throw new Error(`No valid sample record of ${d.name}: ${JSON.stringify(checked.fields)}`);
    return record;
  };
  const save = async (d: ResourceDefinition, record: Record<string, unknown>) => {
    const { body } = await call(d, 'saveOrUpdate', record);
    const id = (body.data as { id?: number } | undefined)?.id;
    if (id !== undefined) made.set(d.name, [...(made.get(d.name) ?? []), id]);
    return id;
  };

  /** Imports one more sample record as a file would hold it (a reference by the record's name, an amount in yuan). */
  const importOne = async (d: ResourceDefinition, record: Record<string, unknown>) => {
    const names = Object.keys(record);
    const cells = await Promise.all(
      names.map(async (name) => {
        const value = record[name];
        const reference = d.references?.[name];
        if (reference) {
          const target = [...definitions, ...known].find((other) => other.name === reference.resource)!;
          const { body } = await server.call<Record<string, unknown>>('GET', `${endpointOf(target)}/detail`, { token, query: { id: Number(value) } });
          return String(body.data[reference.labelField]);
        }
        const rule = d.entity.fields[name]!.rule;
        if (rule.kind === 'decimal') return Number(value) / 10 ** rule.scale;
        return Array.isArray(value) ? value.join(',') : value === undefined || value === null ? null : String(value);
      }),
    );
    const url = `${endpointOf(d)}/${IMPORT_PATH}`;
    const answer = await server.call('POST', url, { token, body: await xlsxOf([names, cells as Array<string | number | null>]) });
    await check({ definition: d, route: write('POST', d, IMPORT_PATH), url, answer });
    const last = (await server.db.selectFrom(d.table as never).select('id' as never).orderBy('id' as never, 'desc').executeTakeFirst()) as { id: number } | undefined;
    if (last) made.set(d.name, [...(made.get(d.name) ?? []), last.id]);
  };

  const writable = inDependencyOrder(definitions).filter(isWritable);
  for (const d of writable) {
    await save(d, await sampleOf(d));
    if (d.order && hasAction(d, 'edit')) {
      const second = await save(d, await sampleOf(d));
      await call(d, 'move', { id: second, direction: 'up' });
    }
    if (isImportable(d)) await importOne(d, await sampleOf(d));
    const [bulkField] = bulkFieldsOf(d);
    const ids = made.get(d.name) ?? [];
    if (bulkField !== undefined && ids.length) {
      const { body } = await server.call<Record<string, unknown>>('GET', `${endpointOf(d)}/detail`, { token, query: { id: ids[0]! } });
      // The value the record holds: the rules across fields (a reason required when off…) accept it.
      await call(d, BULK_UPDATE_PATH, { ids: [ids[0]!], values: { [bulkField]: body.data[bulkField] } });
    }
    // An edit of a text field, then its revert.
    const reverted = revertedField(d);
    if (reverted !== undefined && ids.length) {
      const rule = d.entity.fields[reverted]!.rule as { kind: 'requiredText' | 'optionalText'; min?: number; max: number };
      // Unlike the sample's `d<n>`, within the field's bounds.
      await call(d, 'saveOrUpdate', { id: ids[0]!, [reverted]: 'r'.repeat(Math.max(rule.min ?? 1, 2)).slice(0, rule.max) });
      const edit = await server.db.selectFrom('auditLog').select('id').where('tableName', '=', d.table).where('recordId', '=', String(ids[0]!)).where('action', '=', 'update').orderBy('id', 'desc').executeTakeFirstOrThrow();
      await call(d, REVERT, { id: ids[0]!, auditId: edit.id });
    }
  }
  for (const d of [...writable].reverse()) {
    const ids = made.get(d.name) ?? [];
    if (hasAction(d, 'delete') && ids.length) await call(d, 'delete', { ids: ids.join(',') });
  }
}
