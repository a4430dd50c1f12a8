import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import KeyOutlined from '@ant-design/icons/es/icons/KeyOutlined';
import { Button, Space, Switch, Tag, Tooltip } from 'antd';
import type { ComponentType } from 'react';
import { staffEntity, type StaffListRow } from '../../contract/entities/staff';
import type { Locale } from '../../contract/i18n';
import { rowNumber } from '../../contract/paging';
import type { DataColumn } from '../generic/DataTable';
import { cellText, censusText, EMPTY, sexLabel } from './staffList';

/** Row actions in their order, each with its page element (`user:<action>`). */
export const ROW_ACTIONS = ['edit', 'resetPwd', 'delete'] as const;
export type RowActionName = (typeof ROW_ACTIONS)[number];

const ICONS: Record<RowActionName, ComponentType> = { edit: EditOutlined, resetPwd: KeyOutlined, delete: DeleteOutlined };
const LABELS: Record<RowActionName, string> = { edit: 'buttons.edit', resetPwd: 'staff.action.resetPwd', delete: 'buttons.delete' };

interface Options {
  locale: Locale;
  t: (key: string, params?: Record<string, unknown>) => string;
  page: number;
  size: number;
  /** The page elements the caller holds (`enable`, `edit`, …). */
  granted: ReadonlySet<string>;
  /** Rows whose switch is saving, with the value it is being set to. */
  switching: ReadonlyMap<number, boolean>;
  onSwitch: (row: StaffListRow, enabled: boolean) => void;
  onAction: (row: StaffListRow, action: RowActionName) => void;
  /** The pointer or focus reached a row action: fetch its dialog early. */
  onActionIntent?: () => void;
}

const label = (field: keyof typeof staffEntity.fields, locale: Locale) => staffEntity.fields[field].label[locale];
const text = (field: keyof StaffListRow) => (row: StaffListRow) => cellText(row[field]);

export function staffColumns({ locale, t, page, size, granted, switching, onSwitch, onAction, onActionIntent }: Options): DataColumn<StaffListRow>[] {
  const actions = ROW_ACTIONS.filter((action) => granted.has(action));
  const columns: DataColumn<StaffListRow>[] = [
    { key: 'idx', title: t('resources.rowNumber'), width: 64, align: 'center', render: (_row, index) => rowNumber(index, page, size) },
    { key: 'code', title: label('code', locale), render: text('code') },
    { key: 'name', title: label('name', locale), render: text('name') },
    { key: 'telephone', title: label('telephone', locale), render: text('telephone') },
    { key: 'sex', title: label('sex', locale), render: (row) => sexLabel(row.sex, locale) },
    { key: 'card', title: label('card', locale), render: text('card') },
    { key: 'census', title: t('staff.column.census'), render: (row) => <span className="generic-cell">{censusText(row)}</span> },
    { key: 'graduatedSchool', title: label('graduatedSchool', locale), render: text('graduatedSchool') },
    { key: 'specialty', title: label('specialty', locale), render: text('specialty') },
    { key: 'officeName', title: label('officeId', locale), render: text('officeName') },
    {
      key: 'roles',
      title: t('staff.column.roles'),
      render: (row) =>
        row.roles?.length ? (
          <span className="staff-roles">
            {row.roles.map((role) => (
              <Tag key={role.id} color="blue" bordered={false}>
                {role.name}
              </Tag>
            ))}
          </span>
        ) : (
          EMPTY
        ),
    },
    {
      key: 'isEnable',
      title: t('staff.column.enable'),
      align: 'center',
      render: (row) => {
        const saving = switching.get(row.id);
        return (
          <Switch
            size="small"
            aria-label={t('staff.enable.label', { name: row.name })}
            checked={saving ?? String(row.isEnable) === '1'}
            loading={saving !== undefined}
            disabled={!granted.has('enable')}
            onChange={(enabled) => onSwitch(row, enabled)}
          />
        );
      },
    },
  ];
  if (actions.length > 0) {
    columns.push({
      key: 'actions',
      title: t('resources.actions'),
      width: Math.max(96, actions.length * 32 + 24),
      align: 'center',
      fixedRight: true,
      render: (row) => (
        <Space size={4}>
          {actions.map((action) => {
            const Icon = ICONS[action];
            const name = t(LABELS[action]);
            return (
              <Tooltip key={action} title={name}>
                <Button
                  type="text"
                  size="small"
                  danger={action === 'delete'}
                  icon={<Icon />}
                  aria-label={name}
                  onMouseEnter={onActionIntent}
                  onFocus={onActionIntent}
                  onClick={() => onAction(row, action)}
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
