import { useTranslate } from '@refinedev/core';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { Alert, Button, Card, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { directoryEntity } from '../../contract/entities/menu';
import type { Locale } from '../../contract/i18n';
import type { MenuReading } from '../../contract/menu';
import type { ResourceAccess } from '../generic/useResourceAccess';
import { tableFit } from '../generic/tableFit';
import { ELEMENT_KINDS, type ElementKind, type ElementRow } from './elements';
import { entityField } from './EntityFormItem';
import { menuTypeLabel, TYPE_COLORS } from './labels';

interface Props {
  kind: ElementKind;
  locale: Locale;
  /** The reading of the shown sub-system's menu types: what the type tags say. */
  reading: MenuReading;
  access: ResourceAccess;
  /** What the rows belong to (the directory, or the page element), shown under the title. */
  context?: string;
  /** Why nothing can be added now (no selection, a top-level directory); undefined when adding is allowed. */
  addBlocker?: string;
  rows: readonly ElementRow[];
  loading: boolean;
  error?: string;
  /** Page elements only: the chosen row, whose API elements column 3 shows. */
  selectedId?: number;
  onSelect?: (id: number) => void;
  onAdd: () => void;
  onEdit: (row: ElementRow) => void;
  onDelete: (row: ElementRow) => void;
  onIntent?: () => void;
}

/** Column 2 (page elements of the chosen directory) and column 3 (API elements of the chosen page element). */
export function ElementPanel({ kind, locale, reading, access, context, addBlocker, rows, loading, error, selectedId, onSelect, onAdd, onEdit, onDelete, onIntent }: Props) {
  const t = useTranslate();
  const spec = ELEMENT_KINDS[kind];
  const title = t(kind === 'page' ? 'permission.pages.title' : 'permission.apis.title');

  const columns: ColumnsType<ElementRow> = [
    ...(spec.showsType
      ? [
          {
            key: 'menuType',
            title: directoryEntity.fields.menuType.label[locale],
            width: 72,
            render: (_: unknown, row: ElementRow) => (
              <Tag color={TYPE_COLORS[Number(row.menuType)]} className="permission-tag">
                {menuTypeLabel(Number(row.menuType), reading, locale)}
              </Tag>
            ),
          },
        ]
      : []),
    ...spec.columns.map((field) => ({
      key: field,
      dataIndex: field,
      title: entityField(spec.entity, field).label[locale],
      render: (value: unknown) => (value === undefined || value === null || value === '' ? <span className="permission-empty">{t('common.empty')}</span> : String(value)),
    })),
  ];
  if (access.canEdit || access.canDelete) {
    columns.push({
      key: 'actions',
      title: t('resources.actions'),
      width: 88,
      align: 'center',
      fixed: 'right',
      render: (_: unknown, row: ElementRow) => (
        <Space size={2} onClick={(event) => event.stopPropagation()}>
          {access.canEdit ? (
            <Tooltip title={t('buttons.edit')}>
              <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('buttons.edit')} onMouseEnter={onIntent} onFocus={onIntent} onClick={() => onEdit(row)} />
            </Tooltip>
          ) : null}
          {access.canDelete ? (
            <Tooltip title={t('buttons.delete')}>
              <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('buttons.delete')} onMouseEnter={onIntent} onFocus={onIntent} onClick={() => onDelete(row)} />
            </Tooltip>
          ) : null}
        </Space>
      ),
    });
  }

  const addButton = access.canCreate ? (
    <Tooltip title={addBlocker}>
      <Button size="small" type="primary" icon={<PlusOutlined />} disabled={!!addBlocker} onMouseEnter={onIntent} onFocus={onIntent} onClick={onAdd}>
        {t('buttons.add')}
      </Button>
    </Tooltip>
  ) : null;

  return (
    <section aria-label={title} className="permission-panel">
      <Card title={title} extra={addButton} className="permission-card">
        <Typography.Paragraph type="secondary" className="permission-context" ellipsis={{ tooltip: context ?? addBlocker }}>
          {context ?? addBlocker ?? '\u00a0'}
        </Typography.Paragraph>
        {error ? <Alert type="error" showIcon className="permission-alert" message={t('resources.loadFailed', { message: error })} /> : null}
        <Table<ElementRow>
          {...tableFit}
          size="small"
          rowKey="id"
          aria-label={title}
          columns={columns}
          dataSource={rows as ElementRow[]}
          loading={loading}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 10, hideOnSinglePage: true, size: 'small', showSizeChanger: false }}
          rowClassName={(row) => (row.id === selectedId ? 'permission-row--selected' : '')}
          rowSelection={
            onSelect
              ? {
                  type: 'radio',
                  columnWidth: 40,
                  getCheckboxProps: (row) => ({ disabled: false, 'aria-label': row.name }),
                  selectedRowKeys: selectedId === undefined ? [] : [selectedId],
                  onChange: (keys) => keys[0] !== undefined && onSelect(Number(keys[0])),
                }
              : undefined
          }
          onRow={onSelect ? (row) => ({ onClick: () => onSelect(row.id), className: 'permission-row--clickable' }) : undefined}
        />
      </Card>
    </section>
  );
}
