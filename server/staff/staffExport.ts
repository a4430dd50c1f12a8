/**
 * The person list's export (`/user/export`): the members its filters select (as /user/list reads
 * them), newest first, in the columns asked for (`columns`, the console's column keys in order;
 * default the list's), as the list shows them in the caller's language: choices and the enable
 * flag by their labels, the census region by its names, the department by its name, the roles by
 * theirs. Streamed by server/export/sendExport.ts, read a page at a time by keyset.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { text, type Locale, type Text } from '../../contract';
import { EDUCATION_LEVELS, MARRIAGE_STATUSES, NATIONS, SEXES, STAFF_ENABLE_FLAGS, STAFF_PERSONAL_FIELDS, staffEntity, type StaffListRow } from '../../contract/entities/staff';
import type { Option } from '../../contract/fields';
import type { Database } from '../db/schema';
import { chosenColumns, tzOffsetParam } from '../export/columnCells';
import { exportFilter } from '../export/exportFilter';
import { exportPageSize, sendExport } from '../export/sendExport';
import type { CellValue } from '../export/sheetStream';
import { requestParams } from '../http/params';
import { callerOf } from '../http/requestContext';
import { staffScopeOf, type StaffScope } from '../scope/dataScope';
import type { StaffList } from './listQuery';


export interface StaffColumn {
  key: string;
  label: Text;
  width: number;
  cell(row: StaffListRow, locale: Locale): CellValue;
}

type Field = keyof typeof staffEntity.fields;
const value = (v: unknown): CellValue => (v === null || v === undefined || v === '' ? null : String(v));
const plain = (field: Field, width: number): StaffColumn => ({ key: field, label: staffEntity.fields[field].label, width, cell: (row) => value(row[field as keyof StaffListRow]) });
const choice = (field: Field, options: readonly Option[], width: number): StaffColumn => ({
  key: field,
  label: staffEntity.fields[field].label,
  width,
  cell: (row, locale) => options.find((o) => String(o.value) === String(row[field as keyof StaffListRow]))?.label[locale] ?? value(row[field as keyof StaffListRow]),
});

/** Every column an export may name, the console's first, in the list's order. */
export const STAFF_EXPORT_COLUMNS: readonly StaffColumn[] = [
  plain('code', 14),
  plain('name', 12),
  plain('telephone', 14),
  choice('sex', SEXES, 8),
  plain('card', 20),
  {
    key: 'census',
    label: text('户籍地址', 'Census address'),
    width: 36,
    cell: (row) => value([row.censusRegionName, row.censusAddress].map((part) => (part ?? '').trim()).filter(Boolean).join(' ')),
  },
  plain('graduatedSchool', 20),
  plain('specialty', 20),
  { key: 'officeName', label: staffEntity.fields.officeId.label, width: 18, cell: (row) => value(row.officeName) },
  { key: 'roles', label: text('关联角色', 'Linked roles'), width: 24, cell: (row) => value((row.roles ?? []).map((role) => role.name).join('、')) },
  // Headed as the list's switch column is.
  { ...choice('isEnable', STAFF_ENABLE_FLAGS, 8), label: text('启用', 'Enabled') },
  plain('birthday', 12),
  choice('nation', NATIONS, 10),
  choice('marriageStatus', MARRIAGE_STATUSES, 10),
  plain('email', 24),
  choice('education', EDUCATION_LEVELS, 12),
  plain('graduatedTime', 12),
  plain('position', 14),
  plain('grade', 10),
];

/** The columns the person list shows, in its order: the export's default. */
const LIST_COLUMNS = STAFF_EXPORT_COLUMNS.slice(0, 11);

/** The supervisor flag, as the organisation screen's member list shows it (server/office/memberExport.ts). */
export const SUPERVISOR_COLUMN: StaffColumn = {
  key: 'adminFlag',
  label: text('主管', 'Supervisor'),
  width: 8,
  cell: (row, locale) => (Number(row.adminFlag) === 1 ? text('是', 'Yes') : text('否', 'No'))[locale],
};

/** The staff export's columns of these keys, in this order (the member list's are some of them). */
export function staffColumns(keys: readonly string[]): StaffColumn[] {
  return keys.map((key) => {
    const column = STAFF_EXPORT_COLUMNS.find((c) => c.key === key);
    if (!column) throw new Error(`no staff export column ${key}`);
    return column;
  });
}

/** A list of staff rows as an export writes it: its title, its columns, its filter and its rows. */
export interface StaffRowsExport {
  title: Text;
  /** Every column the export may name, in the list's order. */
  available: readonly StaffColumn[];
  /** Written when the call names no columns. */
  defaults: readonly StaffColumn[];
  /** The parameters the list reads: what the audit row records as the filter. */
  filterNames: readonly string[];
  /** Those of them that may be personal data: masked in the audit row. */
  personal: ReadonlySet<string>;
  /** The rows the filters select, a page at a time (a refusal thrown before the first page is the JSON envelope). */
  /** `scope`: the caller's data scope, which the rows hold to. */
  rows(params: Record<string, unknown>, locale: Locale, scope: StaffScope): AsyncGenerator<StaffListRow[], void, undefined>;
}

/** The handler of an export of staff rows: the person list's, the organisation screen's members. */
export function staffRowsExporter(db: Kysely<Database>, plan: StaffRowsExport) {
  return async function exportStaffRows(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const { locale } = request;
    const params = requestParams(request);
    const asked = chosenColumns(plan.available, (column) => column.key, params.columns, locale);
    const columns = params.columns === undefined ? plan.defaults : asked;
    const tzOffset = tzOffsetParam(params.tzOffset, locale);
    const read = plan.rows(params, locale, await staffScopeOf(db, callerOf(request).userId));

    async function* pages() {
      for await (const rows of read) yield rows.map((row) => columns.map((column) => column.cell(row, locale)));
    }

    return sendExport(
      request,
      reply,
      db,
      {
        title: plan.title[locale],
        columns: columns.map((column) => ({ header: column.label[locale], width: column.width })),
        pages: pages(),
        audit: { table: 'user', filter: exportFilter(params, plan.filterNames, plan.personal), columns: columns.map((column) => column.key) },
      },
      tzOffset,
    );
  };
}

const TITLE: Text = text('人员管理', 'Staff');
/** The parameters the person list reads (server/staff/staffSearch.ts): what the audit row records as the filter. */
const FILTER_NAMES = ['officeId', 'name', 'code', 'telephone', 'roleIds', 'searchKey'];

export function staffExporter(db: Kysely<Database>, staffList: StaffList) {
  return staffRowsExporter(db, {
    title: TITLE,
    available: STAFF_EXPORT_COLUMNS,
    defaults: LIST_COLUMNS,
    filterNames: FILTER_NAMES,
    // The staff record's personal fields are masked in the audit row's filter (a telephone searched),
    // and so is the keyword, which searches the telephone too.
    personal: new Set([...Object.keys(STAFF_PERSONAL_FIELDS), 'searchKey']),
    rows: (params, locale, scope) => staffList.pages(params, locale, exportPageSize(db), scope),
  });
}
