/** The add-member picker's answer (/user/filterList): the list's rows cut to what the picker shows. */
import { STAFF_PICKER_FIELDS, type ListData, type StaffListRow, type StaffPickerRow } from '../../contract';

export function pickerRows({ items, total }: ListData<StaffListRow>): ListData<StaffPickerRow> {
  return { items: items.map((row) => Object.fromEntries(STAFF_PICKER_FIELDS.map((field) => [field, row[field]])) as StaffPickerRow), total };
}
