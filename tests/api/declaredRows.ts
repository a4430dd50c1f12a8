/**
 * The authorization matrix's rows of the declared resources' generic calls, derived from their
 * definitions as server/crud/routes.ts registers them: a new definition is in the matrix (and the
 * fuzz run) with no row written for it. Every one needs its API element: refused without a token,
 * with an ended session, without the grant or with a sibling's; let through with the exact grant
 * and for the super-admin. Each request is harmless: made-up ids, required filters naming no record.
 */
import { Code, pagingParams, uniqueRuleOf } from '../../contract';
import { apiElementPath } from '../../contract/session';
import { IMPORT_PATH, IMPORT_TEMPLATE_PATH } from '../../contract/importFile';
import { HISTORY_PATHS } from '../../contract/history';
import { BULK_UPDATE_PATH, bulkFieldsOf, DELETE_IMPACT_PATH, endpointOf, exportPathOf, hasAction, hasHistory, isExportable, isImportable, type ResourceDefinition } from '../../resources/define';
import { NONE, PASS, type Outcome, type Request, type Row } from './matrixTypes';
import { rangeKindOf } from '../../contract/ranges';

const GRANTED: [Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome] = [
  Code.NO_TOKEN, Code.NO_TOKEN, Code.TOKEN_EXPIRED, Code.FORBIDDEN, PASS, Code.FORBIDDEN, PASS,
];

const row = (method: Row[0], path: string, request?: Request): Row => (request ? [method, path, ...GRANTED, request] : [method, path, ...GRANTED]);

/** The definitions sharing each endpoint (a master and its detail may), in declaration order. */
export function endpointGroups(definitions: readonly ResourceDefinition[]): Map<string, ResourceDefinition[]> {
  const groups = new Map<string, ResourceDefinition[]>();
  for (const d of definitions) groups.set(endpointOf(d), [...(groups.get(endpointOf(d)) ?? []), d]);
  return groups;
}

/** A list call's parameters: a page, the filters it must give (naming no record), a searched and a ranged field. */
function listParams(d: ResourceDefinition): Record<string, string | number> {
  const required = Object.fromEntries((d.requiredFilters ?? []).map((field) => [field, NONE]));
  const searched = d.search[0] ? { [d.search[0]]: 'zz' } : {};
  // A bound as the range's field reads it: a day, or a number (fen, epoch milliseconds).
  const rangedField = d.ranges?.[0] ? d.entity.fields[d.ranges[0]] : undefined;
  const ranged = rangedField ? { [`${d.ranges![0]}From`]: rangeKindOf(rangedField) === 'day' ? '2000-01-01' : 0 } : {};
  return { ...pagingParams(d.paging, 1, 10), ...required, ...searched, ...ranged };
}

function groupRows(group: readonly ResourceDefinition[]): Row[] {
  const master = group.find((d) => !group.some((other) => other.name === d.parent?.resource)) ?? group[0]!;
  // Where a detail shares the endpoint, the POST list asks for its rows (of a master that is not there).
  const detail = group.find((d) => d !== master);
  const base = apiElementPath(endpointOf(master));
  const some = (test: (d: ResourceDefinition) => boolean) => group.some(test);
  const ids = { query: { ids: NONE } };
  const idsBody = { body: { ids: `${NONE}` } };
  const isWritable = some((d) => hasAction(d, 'create') || hasAction(d, 'edit'));
  const rows: Row[] = [
    row('GET', `${base}/list`, { query: listParams(master) }),
    row('POST', `${base}/list`, { body: detail?.parent ? { ...listParams(detail), [detail.parent.field]: NONE } : listParams(master) }),
    row('GET', `${base}/detail`, { query: { id: NONE } }),
  ];
  if (isWritable) rows.push(row('POST', `${base}/saveOrUpdate`, { body: {} }));
  if (some((d) => hasAction(d, 'delete'))) {
    rows.push(row('GET', `${base}/delete`, ids), row('POST', `${base}/delete`, idsBody));
    rows.push(row('GET', `${base}/${DELETE_IMPACT_PATH}`, ids), row('POST', `${base}/${DELETE_IMPACT_PATH}`, idsBody));
  }
  if (some((d) => d.order !== undefined && hasAction(d, 'edit'))) rows.push(row('POST', `${base}/move`, { body: { id: NONE, direction: 'up' } }));
  if (isWritable) {
    for (const path of new Set(group.flatMap((d) => (d.keyCheck ? [d.keyCheck.path] : [])))) {
      const owner = group.find((d) => d.keyCheck?.path === path && !d.parent) ?? group.find((d) => d.keyCheck?.path === path)!;
      const { param } = owner.keyCheck!;
      const within = uniqueRuleOf(owner.entity, param)?.fields.slice(0, -1) ?? [];
      rows.push(row('GET', `${base}/${path}`, { query: { [param]: 'zz', ...Object.fromEntries(within.map((field) => [field, NONE])) } }));
    }
  }
  // The export of what the list's filters select (an empty file for these filters).
  const exporting = group.find(isExportable);
  if (exporting) rows.push(row('GET', `${base}/${exportPathOf(exporting)}`, { query: listParams(master) }), row('POST', `${base}/${exportPathOf(exporting)}`, { body: listParams(master) }));
  const bulk = group.find((d) => bulkFieldsOf(d).length > 0);
  if (bulk) rows.push(row('POST', `${base}/${BULK_UPDATE_PATH}`, { body: { ids: `${NONE}`, values: { [bulkFieldsOf(bulk)[0]!]: null } } }));
  // An import sent without a file (refused past the grant, nothing written), and its template.
  if (some(isImportable)) rows.push(row('POST', `${base}/${IMPORT_PATH}`, { query: { dryRun: 1 }, body: {} }), row('GET', `${base}/${IMPORT_TEMPLATE_PATH}`));
  // A record's history and the revert of one of its edits (the revert also needs the save: tests/api/history.test.ts).
  if (some(hasHistory)) rows.push(row('GET', `${base}${HISTORY_PATHS.history}`, { query: { id: NONE } }), row('POST', `${base}${HISTORY_PATHS.revert}`, { body: { id: NONE, auditId: NONE } }));
  if (some((d) => d.privacy !== undefined)) rows.push(row('GET', `${base}/reveal`, { query: { id: NONE } }), row('POST', `${base}/reveal`, { body: { id: NONE } }));
  return rows;
}

/** The matrix rows of every generic call the definitions get. */
export function declaredMatrixRows(definitions: readonly ResourceDefinition[]): Row[] {
  return [...endpointGroups(definitions).values()].flatMap(groupRows);
}
