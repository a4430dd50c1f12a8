import { staffEntity, type StaffPickerRow } from '../../contract/entities/staff';
import type { Locale } from '../../contract/i18n';
import type { TableColumnsType } from 'antd';
import { columnWidth } from '../generic/columnWidth';

const shown = (value: unknown, empty: string) => (value === undefined || value === null || value === '' ? <span className="office-empty">{empty}</span> : String(value));

const FIELDS = ['name', 'code', 'telephone', 'officeName'] as const;
/** Typical widest values: with the header they set each column's width (generic/columnWidth.ts). */
const WIDEST = { name: '欧阳一二三', code: 'zhangsan001', telephone: '13800000000', officeName: '研发部 / 前端组' } as const;

/** Name, employee code, phone and department of a staff row, for the member and candidate tables. */
export function memberColumns<Row extends StaffPickerRow>(locale: Locale, departmentTitle: string, empty: string): TableColumnsType<Row> {
  const { name, code, telephone } = staffEntity.fields;
  const titles = { name: name.label[locale], code: code.label[locale], telephone: telephone.label[locale], officeName: departmentTitle };
  return FIELDS.map((field) => ({
    key: field,
    title: titles[field],
    width: columnWidth({ header: titles[field], widestValue: WIDEST[field] }),
    render: (_value: unknown, row: Row) => shown(row[field], empty),
  }));
}

