import { Table, type TableColumnsType } from 'antd';
import { useMemo, type TableHTMLAttributes } from 'react';
import type { StaffPickerRow } from '../../contract/entities/staff';
import '../generic/generic.css';
import { tableFit } from '../generic/tableFit';

interface Props<Row extends StaffPickerRow> {
  /** Names the table for assistive technology. */
  label: string;
  columns: TableColumnsType<Row>;
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
  /** A list of the page (header and pager stay in view as the window scrolls), not of a dialog. */
  fitsWindow?: boolean;
}

/**
 * The staff tables of the organisation screens, paged outside (the member and candidate lists
 * share one Pagination style). The header box covers this page; rows chosen on other pages stay
 * chosen.
 */
export function SelectableTable<Row extends StaffPickerRow>({ label, columns, rows, loading, selection, fitsWindow }: Props<Row>) {
  // rc-table puts extra attributes on its wrapper; the name belongs on the table itself.
  // A stuck header is a table of its own (fitsWindow): it carries the name too.
  const components = useMemo(() => {
    const table = (props: TableHTMLAttributes<HTMLTableElement>) => <table {...props} aria-label={label} />;
    return { table, header: { table } };
  }, [label]);
  return (
    <Table<Row>
      {...(fitsWindow ? tableFit : {})}
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={[...rows]}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      components={components}
      rowSelection={
        selection && {
          selectedRowKeys: [...selection.ids],
          preserveSelectedRowKeys: true,
          columnWidth: 40,
          getCheckboxProps: (row) => {
            const reason = selection.disabledReason?.(row);
            return { disabled: reason !== undefined, title: reason, 'aria-label': row.name };
          },
          onSelect: (row, checked) => selection.onChange([row], checked),
          onSelectAll: (checked, _rows, changed) => selection.onChange(changed, checked),
        }
      }
    />
  );
}
