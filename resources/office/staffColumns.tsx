import { staffEntity, type StaffListRow } from '../../contract/entities/staff';
import type { Locale } from '../../contract/i18n';
import type { DataColumn } from '../generic/DataTable';

const shown = (value: unknown, empty: string) => (value === undefined || value === null || value === '' ? <span className="office-empty">{empty}</span> : String(value));

const FIELDS = ['name', 'code', 'telephone', 'officeName'] as const;

/** Name, employee code, phone and department of a staff row, for the member and candidate tables. */
export function memberColumns(locale: Locale, departmentTitle: string, empty: string): DataColumn<StaffListRow>[] {
  const { name, code, telephone } = staffEntity.fields;
  const titles = { name: name.label[locale], code: code.label[locale], telephone: telephone.label[locale], officeName: departmentTitle };
  return FIELDS.map((field) => ({ key: field, title: titles[field], render: (row: StaffListRow) => shown(row[field], empty) }));
}

