/**
 * The summaries' tables as .xlsx (STATISTICS_CALLS.staffSummaryExport, mediaStatsExport): every
 * row the table shows for its filters, in its order and columns, headed in the caller's language,
 * amounts in yuan and traffic as numbers. Read a page at a time through the list's own query.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { text, type Text } from '../../contract';
import { SCREEN_TITLES } from '../../contract/menuTitles';
import type { MediaStatsRow, StaffSummaryRow } from '../../contract/statistics';
import type { Database } from '../db/schema';
import { chosenColumns, tzOffsetParam } from '../export/columnCells';
import { exportFilter } from '../export/exportFilter';
import { sendExport } from '../export/sendExport';
import type { CellValue } from '../export/sheetStream';
import { requestParams } from '../http/params';
import type { CalendarNow } from './clock';
import type { statisticsRepository } from './repository';

/** Rows read per statement, as the other exports read them. */
export const STATISTICS_EXPORT_PAGE = 500;

interface Column<Row> {
  key: keyof Row & string;
  label: Text;
  width: number;
  numFmt?: string;
}

/** The staff summary's columns, in the table's order (resources/statistics/StaffSummaryPage.tsx). */
export const STAFF_SUMMARY_COLUMNS: ReadonlyArray<Column<StaffSummaryRow>> = [
  { key: 'adminName', label: text('人员名称', 'Staff name'), width: 16 },
  { key: 'currentMonthTotal', label: text('本月', 'This month'), width: 14, numFmt: '0.00' },
  { key: 'lastMonthTotal', label: text('上月', 'Last month'), width: 14, numFmt: '0.00' },
  { key: 'historyTotal', label: text('历史总计', 'History total'), width: 16, numFmt: '0.00' },
];

/** The media statistics' columns, in the table's order (resources/statistics/MediaStatsPage.tsx). */
export const MEDIA_STATS_COLUMNS: ReadonlyArray<Column<MediaStatsRow>> = [
  { key: 'userName', label: text('流量主', 'Traffic owner'), width: 24 },
  { key: 'mediaAdminName', label: text('媒介人员', 'Media staff'), width: 16 },
  { key: 'traffic', label: text('流量', 'Traffic'), width: 14, numFmt: '0' },
];

interface TableExport<Row> {
  title: Text;
  columns: ReadonlyArray<Column<Row>>;
  /** The audit row's table and the parameters recorded as the filter. */
  table: string;
  filterNames: readonly string[];
  /** One page of the table's rows, as its list call reads them. */
  page(page: number, size: number): Promise<Row[]>;
}

async function exportTable<Row>(request: FastifyRequest, reply: FastifyReply, db: Kysely<Database>, plan: TableExport<Row>): Promise<FastifyReply> {
  const { locale } = request;
  const params = requestParams(request);
  const columns = chosenColumns(plan.columns, (column) => column.key, params.columns, locale);
  const tzOffset = tzOffsetParam(params.tzOffset, locale);

  async function* pages() {
    for (let page = 1; ; page++) {
      const rows = await plan.page(page, STATISTICS_EXPORT_PAGE);
      if (rows.length === 0) return;
      yield rows.map((row) => columns.map((column) => cellOf(row[column.key])));
      if (rows.length < STATISTICS_EXPORT_PAGE) return;
    }
  }

  return sendExport(
    request,
    reply,
    db,
    {
      title: plan.title[locale],
      columns: columns.map((column) => ({ header: column.label[locale], width: column.width, ...(column.numFmt ? { numFmt: column.numFmt } : {}) })),
      pages: pages(),
      audit: { table: plan.table, filter: exportFilter(params, plan.filterNames, new Set()), columns: columns.map((column) => column.key) },
    },
    tzOffset,
  );
}

const cellOf = (value: unknown): CellValue => (typeof value === 'number' ? value : value === null || value === undefined || value === '' ? null : String(value));

type Repository = ReturnType<typeof statisticsRepository>;

/** The business staff's revenue this month, last month and all time, as of the export's start. */
export function staffSummaryExporter(db: Kysely<Database>, repo: Repository, calendar: () => CalendarNow) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const now = calendar();
    return exportTable(request, reply, db, {
      title: SCREEN_TITLES.staffSummary,
      columns: STAFF_SUMMARY_COLUMNS,
      table: 'revenue_month',
      filterNames: [],
      page: async (page, size) => (await repo.staffSummary(now, page, size)).items,
    });
  };
}

/** What the media statistics' list reads: the period, the sub-system and the order by traffic. */
export interface MediaStatsQuery {
  period: { from: number; to: number };
  serviceId: number | undefined;
  order: 'asc' | 'desc';
}

/** Traffic per owner over the period the list's filters give (`query`: as the list call reads them, refusals included). */
export function mediaStatsExporter(db: Kysely<Database>, repo: Repository, query: (request: FastifyRequest) => MediaStatsQuery) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const { period, serviceId, order } = query(request);
    return exportTable(request, reply, db, {
      title: SCREEN_TITLES.mediaStats,
      columns: MEDIA_STATS_COLUMNS,
      table: 'site_user',
      filterNames: ['startDate', 'endDate', 'serviceId', 'order'],
      page: async (page, size) => (await repo.mediaStats(period, serviceId, order, page, size)).items,
    });
  };
}
