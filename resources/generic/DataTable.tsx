/**
 * A plain, accessible data table in antd's look. The generic lists need columns, rows, a loading
 * state and an empty state, nothing more; antd's Table would add its filter, sorter and selection
 * machinery (rc-table, rc-tree, checkbox, dropdown: about 45 KB gzipped) to the first screen.
 */
import { Empty, Spin } from 'antd';
import type { Key, ReactNode } from 'react';

export interface DataColumn<T> {
  key: string;
  title: ReactNode;
  width?: number;
  align?: 'left' | 'center' | 'right';
  /** Sticks to the right edge while the table scrolls sideways (row actions). */
  fixedRight?: boolean;
  render: (row: T, index: number) => ReactNode;
}

interface Props<T> {
  columns: ReadonlyArray<DataColumn<T>>;
  rows: readonly T[];
  rowKey: (row: T) => Key;
  loading?: boolean;
  /** Names the table for assistive technology. */
  label: string;
}

function cellClass(column: DataColumn<unknown>): string | undefined {
  return column.fixedRight ? 'generic-table__fixed' : undefined;
}

export function DataTable<T>({ columns, rows, rowKey, loading = false, label }: Props<T>) {
  return (
    <Spin spinning={loading} delay={150}>
      <div className="generic-table" aria-busy={loading}>
        <table aria-label={label}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={cellClass(column as DataColumn<unknown>)}
                  style={{ width: column.width, minWidth: column.width, textAlign: column.align }}
                >
                  {column.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="generic-table__empty">
                  {loading ? null : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
                </td>
              </tr>
            ) : (
              rows.map((row, index) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <td key={column.key} className={cellClass(column as DataColumn<unknown>)} style={{ textAlign: column.align }}>
                      {column.render(row, index)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </Spin>
  );
}
