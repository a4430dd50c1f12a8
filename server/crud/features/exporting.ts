/**
 * Every declared list exports what its filters select (`<endpoint>/export`, or the definition's
 * `exportPath`; unless it says `exportable: false`): all pages, in the columns asked for
 * (`columns`, in order; default the list's), as the list shows them in the caller's language,
 * streamed as .xlsx (server/export).
 * Rows are read a page at a time through the list's own query, so the features narrow, check and
 * record it as they do a list (a lookup is recorded once); personal data stays masked unless a
 * feature says the caller may see it (privacy: the reveal grant, and the export is then recorded
 * as a reveal).
 */
import { ORDER_PARAM, SORT_PARAM } from '../../../contract/paging';
import { exportPathOf, isExportable, lookupFieldsOf, personalDataParams } from '../../../resources/define';
import { chosenColumns, columnCells, exportableColumns, tzOffsetParam } from '../../export/columnCells';
import { exportFilter } from '../../export/exportFilter';
import { exportPageSize, sendExport } from '../../export/sendExport';
import { requestParams } from '../../http/params';
import { contextOf, type FeatureFactory } from '../feature';
import type { ResourceRecord } from '../repository';

export const exporting: FeatureFactory = ({ db, definitions, dictionaries }, definition) => {
  if (!isExportable(definition)) return undefined;
  const personal = personalDataParams(definitions);
  // The parameters a list of this resource reads: what an export's audit row records as its filter.
  const filterNames = [
    ...definition.search,
    ...(definition.search.length ? ['searchKey'] : []),
    ...(definition.filters ?? []),
    ...(definition.requiredFilters ?? []),
    ...(definition.parent ? [definition.parent.field] : []),
    ...(definition.ranges ?? []).flatMap((name) => [`${name}From`, `${name}To`]),
    ...lookupFieldsOf(definition).map(({ field }) => field),
    SORT_PARAM,
    ORDER_PARAM,
    'ids',
  ];

  return {
    routes: [
      {
        method: ['GET', 'POST'],
        url: `/${exportPathOf(definition)}`,
        // It writes the audit row (and a reveal's entry), after the file: see server/export/sendExport.ts.
        writes: true,
        unaudited: true,
        answeredBy: 'parent',
        async handler(request, core, reply) {
          const { locale } = request;
          const params = requestParams(request);
          const columns = chosenColumns(exportableColumns(definition), (column) => column.field, params.columns, locale);
          const tzOffset = tzOffsetParam(params.tzOffset, locale);
          const { query, settle } = await core.listQueryOf(request);
          const access = await core.exportAccess(contextOf(request));
          const context = { ...contextOf(request), isRevealed: access.isRevealed };
          const cells = await columnCells(definition, columns, { db, definitions, dictionaries, locale, tzOffset });
          // What the list's records need of its rows: the one matched when it was the only one (a lookup's). No page is kept.
          let firstRow: ResourceRecord | undefined;

          async function* pages() {
            for await (const rows of core.reads.pages(query, exportPageSize(db))) {
              firstRow ??= rows[0];
              yield await cells.cellsOf(await core.present(rows, context));
            }
          }

          return sendExport(
            request,
            reply,
            db,
            {
              title: definition.title[locale],
              columns: cells.sheetColumns,
              pages: pages(),
              audit: { table: definition.table, filter: exportFilter(params, filterNames, personal), columns: columns.map((column) => column.field) },
              async settle(rows) {
                await settle({ items: firstRow ? [firstRow] : [], total: rows });
                await access.settle?.(rows);
              },
            },
            tzOffset,
          );
        },
      },
    ],
  };
};
