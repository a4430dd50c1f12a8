import { Checkbox, ConfigProvider } from 'antd';
import { useContext } from 'react';
import type { StaffPickerRow } from '../../contract/entities/staff';
import { DataTable, type DataColumn } from '../generic/DataTable';
import '../generic/generic.css';

interface Props<Row extends StaffPickerRow> {
  /** Names the table for assistive technology. */
  label: string;
  columns: ReadonlyArray<DataColumn<Row>>;
  rows: readonly Row[];
  loading: boolean;
  /** Without it the table has no checkboxes. */
  selection?: {
    /** Chosen ids, on any page. */
    ids: ReadonlySet<number>;
    onChange: (rows: readonly Row[], checked: boolean) => void;
    /** Rows that cannot be chosen, with the reason shown on their box. */
    disabledReason?: (row: Row) => string | undefined;
  };
}

/**
 * The staff tables of the organisation screens with a checkbox column: the light DataTable rather
 * than antd's Table, whose selection and filter machinery costs about 40 KB gzipped. The header box
 * covers this page; rows chosen on other pages stay chosen.
 */
export function SelectableTable<Row extends StaffPickerRow>({ label, columns, rows, loading, selection }: Props<Row>) {
  const antdLocale = useContext(ConfigProvider.ConfigContext).locale;
  if (!selection) return <DataTable<Row> label={label} columns={columns} rows={rows} rowKey={(row) => row.id} loading={loading} />;

  const { ids, onChange, disabledReason } = selection;
  const choosable = rows.filter((row) => disabledReason?.(row) === undefined);
  const chosenHere = choosable.filter((row) => ids.has(row.id)).length;
  const checkColumn: DataColumn<Row> = {
    key: 'selection',
    width: 40,
    align: 'center',
    title: (
      <Checkbox
        aria-label={antdLocale?.Table?.selectAll ?? 'Select all'}
        disabled={choosable.length === 0}
        checked={choosable.length > 0 && chosenHere === choosable.length}
        indeterminate={chosenHere > 0 && chosenHere < choosable.length}
        onChange={(event) => onChange(choosable, event.target.checked)}
      />
    ),
    render: (row) => {
      const reason = disabledReason?.(row);
      return (
        <Checkbox
          aria-label={row.name}
          title={reason}
          disabled={reason !== undefined}
          checked={ids.has(row.id)}
          onChange={(event) => onChange([row], event.target.checked)}
        />
      );
    },
  };
  return <DataTable<Row> label={label} columns={[checkColumn, ...columns]} rows={rows} rowKey={(row) => row.id} loading={loading} />;
}
