import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import { Button, Space, Tooltip } from 'antd';
import type { Locale } from '../../contract/i18n';
import { rowNumber } from '../../contract/paging';
import type { ResourceDefinition, RowAction } from '../define';
import { CellContent } from './CellContent';
import { cellView } from './cells';
import type { DataColumn } from './DataTable';
import type { DialogEntry } from './rowActions';
import type { ResourceAccess } from './useResourceAccess';

export type Row = Record<string, unknown> & { id: number | string };

interface Options {
  definition: ResourceDefinition;
  locale: Locale;
  translate: (key: string) => string;
  page: number;
  size: number;
  access: ResourceAccess;
  onEdit: (row: Row) => void;
  onDelete: (row: Row) => void;
  /** Called when the pointer or focus reaches a row action (to fetch its dialog early). */
  onActionIntent?: () => void;
  /** The declared row actions the caller may use, after edit and delete, with their dialogs. */
  rowActions?: ReadonlyArray<{ action: RowAction; entry: DialogEntry }>;
  onRowAction?: (row: Row, action: RowAction) => void;
}

const BUTTON_WIDTH = 28;

/** Row number, the declared columns, then the row actions the caller may use. */
export function resourceColumns({
  definition,
  locale,
  translate: t,
  page,
  size,
  access,
  onEdit,
  onDelete,
  onActionIntent,
  rowActions = [],
  onRowAction,
}: Options): DataColumn<Row>[] {
  const columns: DataColumn<Row>[] = [
    { key: '__rowNumber', title: t('resources.rowNumber'), width: 72, align: 'center', render: (_row, index) => rowNumber(index, page, size) },
    ...definition.columns.map(
      (column): DataColumn<Row> => ({
        key: column.field,
        title: definition.entity.fields[column.field]?.label[locale] ?? column.field,
        width: column.width,
        render: (row) => <CellContent view={cellView(definition, column, row[column.field], locale)} />,
      }),
    ),
  ];
  const buttons = Number(access.canEdit) + Number(access.canDelete) + rowActions.length;
  if (buttons > 0) {
    columns.push({
      key: '__actions',
      title: t('resources.actions'),
      width: Math.max(96, buttons * (BUTTON_WIDTH + 4) + 24),
      align: 'center',
      fixedRight: true,
      render: (row) => (
        <Space size={4}>
          {access.canEdit ? (
            <Tooltip title={t('buttons.edit')}>
              <Button
                type="text"
                size="small"
                icon={<EditOutlined />}
                aria-label={t('buttons.edit')}
                onMouseEnter={onActionIntent}
                onFocus={onActionIntent}
                onClick={() => onEdit(row)}
              />
            </Tooltip>
          ) : null}
          {access.canDelete ? (
            <Tooltip title={t('buttons.delete')}>
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('buttons.delete')}
                onMouseEnter={onActionIntent}
                onFocus={onActionIntent}
                onClick={() => onDelete(row)}
              />
            </Tooltip>
          ) : null}
          {rowActions.map(({ action, entry }) => {
            const Icon = entry.icon;
            const label = action.label[locale];
            const prefetch = () => void entry.load();
            return (
              <Tooltip key={action.action} title={label}>
                <Button
                  type="text"
                  size="small"
                  icon={<Icon />}
                  aria-label={label}
                  onMouseEnter={prefetch}
                  onFocus={prefetch}
                  onClick={() => onRowAction?.(row, action)}
                />
              </Tooltip>
            );
          })}
        </Space>
      ),
    });
  }
  return columns;
}
