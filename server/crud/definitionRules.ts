/**
 * Rules the declared resources must keep for the server to start: checked once, before the
 * database is prepared and before any route is built, so a definition that would open a hole
 * (a masked field searched with "contains", whose totals tell its value) never serves a request.
 */
import { isLookupKind } from '../../contract/lookup';
import { VERSION_FIELD } from '../../contract/recordVersion';
import { bulkFieldsOf, fixedFieldsOf, hasAction, IN_USE_FLAG, isBuiltInCell, isVersioned, isComputed, REVEAL_LOG_FIELDS, sortableFieldsOf, storedFieldsOf, TIMESTAMP_FIELDS, type ResourceDefinition } from '../../resources/define';
import { ORDER_PARAM, SORT_PARAM } from '../../contract/paging';

/** Where a list reads a field from the request, other than a lookup. */
const FIELD_USES = [
  ['search', 'a "contains" search (search), and so part of searchKey', (d: ResourceDefinition) => d.search],
  ['filters', 'an exact filter (filters)', (d: ResourceDefinition) => d.filters ?? []],
  ['requiredFilters', 'a required filter (requiredFilters)', (d: ResourceDefinition) => d.requiredFilters ?? []],
  ['ranges', 'a range (ranges)', (d: ResourceDefinition) => d.ranges ?? []],
  ['sort', 'a sort key (sort)', (d: ResourceDefinition) => d.sort.map(([field]) => field)],
  ['sortable', 'a sortable column (columns, sortable)', sortableFieldsOf],
] as const;

/** Where a definition may name its timestamps too (when it has them): what is shown and ordered. */
const SHOWN_OR_ORDERED: ReadonlySet<string> = new Set(['columns', 'columns (suffix)', 'columns (of)', 'show.items', 'sort', 'sortable']);

/** `fixedWhileUsed` names fields of the resource, and none of them is called like the flag the detail adds. */
function usageProblems(definition: ResourceDefinition): string[] {
  const spec = definition.fixedWhileUsed;
  if (!spec) return [];
  const name = `Resource ${definition.name}`;
  const problems = spec.fields.filter((field) => !(field in definition.entity.fields)).map((field) => `${name}: fixedWhileUsed names ${field}, which is not one of its fields`);
  if (IN_USE_FLAG in definition.entity.fields) problems.push(`${name}: a field named ${IN_USE_FLAG} would be hidden by the detail's flag of fixedWhileUsed`);
  return problems;
}

/** An editable resource's records carry the server's `version`: no field of its own may be called so. */
function versionProblems(definition: ResourceDefinition): string[] {
  if (!isVersioned(definition) || !(VERSION_FIELD in definition.entity.fields)) return [];
  return [`Resource ${definition.name}: a field named ${VERSION_FIELD} would be the server's record version (an editable resource's records carry it); rename the field`];
}

/**
 * Every field the definition names is one of its entity's (a definition built without
 * defineResource, or an entity changed under it, is not checked by the compiler); a switch is over
 * a choice of two options; an order cell shows the declared order field; a form's range joins two
 * dates or two instants.
 */
function shapeProblems(definition: ResourceDefinition): string[] {
  const name = `Resource ${definition.name}`;
  const fields = definition.entity.fields;
  const named: Array<readonly [string, string | undefined]> = [
    ...[...definition.columns, ...(definition.show?.items ?? [])].flatMap((item) =>
      'region' in item ? [] : isComputed(item) ? [] : ([['columns', item.field], ['columns (suffix)', item.suffix], ['columns (of)', item.of]] as const),
    ),
    ...definition.form.flatMap((item) => [['form', item.field], ['form (to)', item.to]] as const),
    ...FIELD_USES.flatMap(([key, , fieldsOf]) => fieldsOf(definition).map((field) => [key, field] as const)),
    ...(definition.fixed ?? []).map((field) => ['fixed', field] as const),
    ...(definition.bulk ?? []).map((field) => ['bulk', field] as const),
    ...(definition.indexes ?? []).flatMap((fields) => fields.map((field) => ['indexes', field] as const)),
    ['labelField', definition.labelField],
    ['order', definition.order?.field],
    ['parent', definition.parent?.field],
    ['deletable', definition.deletable?.field],
    ['readOnlyRows', definition.readOnlyRows?.field],
    ['keyCheck', definition.keyCheck?.param],
    ...definition.entity.unique.flatMap((rule) => rule.fields.map((field) => ['entity.unique', field] as const)),
    ...definition.entity.rules.flatMap((rule) => [...rule.fields.map((field) => ['entity.rules', field] as const), ['entity.rules (on)', rule.on] as const]),
  ];
  const stored = new Set(storedFieldsOf(definition));
  const isKnown = (key: string, field: string) => field in fields || (SHOWN_OR_ORDERED.has(key) && stored.has(field));
  const problems = named
    .filter(([key, field]) => field !== undefined && field !== 'id' && !isKnown(key, field))
    .map(([key, field]) => {
      const needsTimestamps = SHOWN_OR_ORDERED.has(key) && (TIMESTAMP_FIELDS as readonly string[]).includes(field!);
      return `${name}: ${key} names ${field}, which is not one of its fields${needsTimestamps ? ' (it needs timestamps: true)' : ''}`;
    });
  for (const column of [...definition.columns, ...(definition.show?.items ?? [])]) {
    if ('region' in column || !isComputed(column)) continue;
    // Typed definitions cannot say so; one built otherwise would sort on nothing stored.
    if ('sortable' in column) problems.push(`${name}: the computed column ${column.key} cannot be sortable: it is no stored field`);
    if (isBuiltInCell(column.cell)) problems.push(`${name}: the computed column ${column.key} needs a registered cell (resources/cells), not the built-in ${column.cell}`);
  }
  const queried = [...definition.search, ...(definition.filters ?? []), ...(definition.requiredFilters ?? []), ...(definition.privacy?.lookup ?? [])];
  for (const param of [SORT_PARAM, ORDER_PARAM]) {
    if (sortableFieldsOf(definition).length > 0 && queried.includes(param)) problems.push(`${name}: ${param} is the list's sort parameter, so a field of that name cannot be searched or filtered while columns are sortable`);
  }
  for (const column of definition.columns) {
    if (isComputed(column)) continue;
    if (column.cell === 'switch' && fields[column.field]?.options?.length !== 2) {
      problems.push(`${name}: column ${column.field} is a switch, which needs a choice of two options`);
    }
    if (column.cell === 'order' && definition.order?.field !== column.field) {
      problems.push(`${name}: column ${column.field} shows the order, but order names ${definition.order?.field ?? 'no field'}`);
    }
  }
  for (const item of definition.form) {
    if (item.to === undefined) continue;
    const kinds = [fields[item.field]?.rule.kind, fields[item.to]?.rule.kind];
    if (!kinds.every((kind) => kind === 'date') && !kinds.every((kind) => kind === 'dateTime')) {
      problems.push(`${name}: form item ${item.field} is a range to ${item.to}, which needs two date or two dateTime fields`);
    }
  }
  return problems;
}

/** Every way `definition` breaks a rule, as sentences naming the resource and the field. */
export function definitionProblems(definition: ResourceDefinition, definitions: readonly ResourceDefinition[]): string[] {
  return [
    ...shapeProblems(definition),
    ...usageProblems(definition),
    ...versionProblems(definition),
    ...privacyProblems(definition, definitions),
    ...referenceProblems(definition, definitions),
    ...rangeProblems(definition),
    ...appendOnlyProblems(definition),
    ...tagsProblems(definition),
    ...bulkProblems(definition),
    ...readsProblems(definition),
  ];
}

/** A replica's copy may lag: an editable resource's records (their versions decide saves) are read from the primary only. */
function readsProblems(definition: ResourceDefinition): string[] {
  if (definition.reads !== 'replica' || !(['create', 'edit', 'delete'] as const).some((action) => hasAction(definition, action))) return [];
  return [`Resource ${definition.name}: reads 'replica' is for read-only resources (actions ['list']); a save or delete must read the record as the primary holds it`];
}

/**
 * A field set on many rows at once (`bulk`, a switch column's) is written as it is checked, in one
 * transaction: never one an update may not change, nor one whose write a feature guards or places
 * (fixed while used, the order), nor a unique or tags one (one value on many rows).
 */
function bulkProblems(definition: ResourceDefinition): string[] {
  const closed: Array<readonly [string, readonly string[]]> = [
    ['fixed (or the master field)', fixedFieldsOf(definition)],
    ['fixedWhileUsed', definition.fixedWhileUsed?.fields ?? []],
    ['order', definition.order ? [definition.order.field] : []],
    ['entity.unique', definition.entity.unique.flatMap((rule) => rule.fields)],
  ];
  // Whether or not it may edit: a `bulk` list on a resource without edit would say what it cannot do.
  const fields = bulkFieldsOf({ ...definition, actions: undefined });
  const withoutEdit = definition.bulk?.length && !hasAction(definition, 'edit') ? [`Resource ${definition.name}: bulk needs the edit action`] : [];
  return [...withoutEdit, ...fields.flatMap((field) => [
    ...closed.filter(([, fields]) => fields.includes(field)).map(([key]) => `Resource ${definition.name}: ${field} is set in bulk, so it cannot be ${key}`),
    ...(definition.entity.fields[field]?.rule.kind === 'tags' ? [`Resource ${definition.name}: the tags field ${field} cannot be set in bulk`] : []),
  ])];
}

/** Kinds of field a range compares in order: days, instants, amounts and numbers. */
const RANGED_KINDS: ReadonlySet<string> = new Set(['date', 'dateTime', 'decimal', 'digits']);

const isInstant = (rule: { kind: string; asText?: boolean } | undefined) => rule?.kind === 'dateTime' || (rule?.kind === 'digits' && !rule.asText);

/** `appendOnly` names an instant field, and keeps only a bounded total. */
function appendOnlyProblems(definition: ResourceDefinition): string[] {
  const time = definition.appendOnly;
  if (time === undefined) return [];
  const name = `Resource ${definition.name}`;
  return [
    ...(isInstant(definition.entity.fields[time]?.rule) ? [] : [`${name}: appendOnly names ${time}, which is no instant (a date-time, or milliseconds as digits)`]),
    ...(definition.boundedTotal === undefined ? [`${name}: appendOnly keeps a bounded total, and it has none (boundedTotal)`] : []),
  ];
}

function rangeProblems(definition: ResourceDefinition): string[] {
  return (definition.ranges ?? []).flatMap((name) => {
    const rule = definition.entity.fields[name]?.rule;
    if (!rule || (RANGED_KINDS.has(rule.kind) && !(rule.kind === 'digits' && rule.asText))) return [];
    return [`Resource ${definition.name}: ranges names ${name}, which is no date, instant, amount or number`];
  });
}

/**
 * A tags field is found by one of its values (`filters`), never searched with "contains", ranged,
 * sorted, part of a unique rule or fixed (its stored text is no value to compare whole); one of
 * records names their resource in `references`, or no save could be checked.
 */
function tagsProblems(definition: ResourceDefinition): string[] {
  const name = `Resource ${definition.name}`;
  const problems: string[] = [];
  const uses: Array<readonly [string, readonly string[]]> = [
    ['search', definition.search],
    ['ranges', definition.ranges ?? []],
    ['requiredFilters', definition.requiredFilters ?? []],
    ['sort', definition.sort.map(([field]) => field)],
    ['sortable', sortableFieldsOf(definition)],
    ['fixed', definition.fixed ?? []],
    ['entity.unique', definition.entity.unique.flatMap((rule) => rule.fields)],
    ['indexes', (definition.indexes ?? []).flat()],
  ];
  for (const [field, spec] of Object.entries(definition.entity.fields)) {
    if (spec.rule.kind !== 'tags') continue;
    for (const [key, fields] of uses) if (fields.includes(field)) problems.push(`${name}: ${key} names the tags field ${field}; a tags field is found by one of its values (filters)`);
    const reference = (definition.references as Partial<Record<string, unknown>> | undefined)?.[field];
    if (spec.rule.of === 'reference' && !reference) problems.push(`${name}: the tags field ${field} holds records' ids, so references.${field} must name their resource`);
  }
  return problems;
}

/**
 * The console reads a reference's labels from the referenced list by `ids` alone: a list that
 * requires filters (`requiredFilters`) keeps requiring them, so it cannot be referenced.
 */
function referenceProblems(definition: ResourceDefinition, definitions: readonly ResourceDefinition[]): string[] {
  const name = `Resource ${definition.name}`;
  return Object.entries(definition.references ?? {}).flatMap(([field, spec]) => {
    if (!spec) return [];
    const target = definitions.find((d) => d.name === spec.resource);
    if (!target) return [`${name}: references.${field} names the undeclared resource ${spec.resource}`];
    if (target.requiredFilters?.length) {
      return [`${name}: references.${field} names ${spec.resource}, whose list requires ${target.requiredFilters.join(', ')} (requiredFilters), so its labels cannot be read by id`];
    }
    return [];
  });
}

function privacyProblems(definition: ResourceDefinition, definitions: readonly ResourceDefinition[]): string[] {
  const privacy = definition.privacy;
  if (!privacy) return [];
  const problems: string[] = [];
  const name = `Resource ${definition.name}`;
  const masked = Object.entries(privacy.masked).flatMap(([field, kind]) => (kind ? [[field, kind] as const] : []));
  for (const [field] of masked) {
    if (!(field in definition.entity.fields)) problems.push(`${name}: privacy.masked names ${field}, which is not one of its fields`);
    for (const [, what, fieldsOf] of FIELD_USES) {
      if (fieldsOf(definition).includes(field)) {
        problems.push(`${name}: field ${field} is masked (privacy.masked), so it cannot be ${what}: the list's total or order would tell its value; offer a whole-value lookup (privacy.lookup) instead`);
      }
    }
  }
  for (const field of privacy.lookup ?? []) {
    const kind = privacy.masked[field];
    if (!kind) problems.push(`${name}: privacy.lookup names ${field}, which privacy.masked does not mask`);
    else if (!isLookupKind(kind)) problems.push(`${name}: privacy.lookup names ${field}, whose mask kind ${kind} has no whole-value lookup (contract/lookup.ts)`);
  }
  const log = definitions.find((d) => d.name === privacy.log.resource);
  if (!log) {
    problems.push(`${name}: privacy.log names the undeclared resource ${privacy.log.resource}`);
  } else {
    const missing = [...REVEAL_LOG_FIELDS, privacy.log.subject].filter((field) => !(field in log.entity.fields));
    if (missing.length) problems.push(`${name}: its reveal log ${log.name} lacks the field(s) ${missing.join(', ')}`);
  }
  return problems;
}

/** Throws, naming every problem, when a declared resource breaks a rule. */
export function checkDefinitions(definitions: readonly ResourceDefinition[]): void {
  const problems = definitions.flatMap((definition) => definitionProblems(definition, definitions));
  if (problems.length) throw new Error(`The declared resources cannot be served:\n  - ${problems.join('\n  - ')}`);
}
