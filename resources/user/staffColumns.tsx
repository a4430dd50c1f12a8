import ClockCircleOutlined from '@ant-design/icons/es/icons/ClockCircleOutlined';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import { Button, Space, Switch, Tag, Tooltip } from 'antd';
import type { ComponentType } from 'react';
import { OWN_ACCOUNT_REFUSALS, staffEntity, type StaffListRow } from '../../contract/entities/staff';
import type { Locale } from '../../contract/i18n';
import { rowNumber } from '../../contract/paging';
import type { ColumnsType } from 'antd/es/table';
import { columnWidth } from '../generic/columnWidth';
import { isEndingSoon, roleEndMessages } from '../../contract/roleEnds';
import { cellText, censusText, EMPTY, roleText, sexLabel } from './staffList';

/** Row actions in their order, each with its page element (`user:<action>`). */
export const ROW_ACTIONS = ['edit', 'resetPwd', 'delete'] as const;
export type RowActionName = (typeof ROW_ACTIONS)[number];

const ICONS: Record<RowActionName, ComponentType> = { edit: EditOutlined, resetPwd: LockOutlined, delete: DeleteOutlined };
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
  /** The signed-in user's id: their own row offers no disable, reset or delete. */
  selfId?: number;
  onSwitch: (row: StaffListRow, enabled: boolean) => void;
  onAction: (row: StaffListRow, action: RowActionName) => void;
  /** The pointer or focus reached a row action: fetch its dialog early. */
  onActionIntent?: () => void;
}

const label = (field: keyof typeof staffEntity.fields, locale: Locale) => staffEntity.fields[field].label[locale];
const text = (field: keyof StaffListRow) => (_value: unknown, row: StaffListRow) => cellText(row[field]);

/** Typical widest values: a column is as wide as its header or these, long text ends in an ellipsis. */
const WIDEST = {
  code: 'zhangsan001',
  name: '欧阳一二三',
  telephone: '13800000000',
  card: '330106199003070014',
  census: '浙江省 杭州市 西湖区 文三路100号',
  school: '浙江大学城市学院',
  specialty: '计算机科学与技术',
  office: '研发部 / 前端组',
  roles: '超级管理员 审计员',
} as const;
const SWITCH_WIDTH = 44;
const BUTTON_WIDTH = 28;

/**
 * The person list's antd Table columns: widths from the content (generic/columnWidth.ts), long
 * text truncated with a tooltip, and the enable switch and the row actions pinned right so they
 * stay in view at any width, with antd's shadow showing the table scrolls.
 */
export function staffColumns({ locale, t, page, size, granted, switching, selfId, onSwitch, onAction, onActionIntent }: Options): ColumnsType<StaffListRow> {
  const actions = ROW_ACTIONS.filter((action) => granted.has(action));
  const textColumn = (key: keyof StaffListRow, title: string, widestValue: string) => ({
    key,
    title,
    width: columnWidth({ header: title, widestValue }),
    ellipsis: { showTitle: true },
    render: text(key),
  });
  const rowNumberTitle = t('resources.rowNumber');
  const enableTitle = t('staff.column.enable');
  const rolesTitle = t('staff.column.roles');
  const censusTitle = t('staff.column.census');
  const columns: ColumnsType<StaffListRow> = [
    { key: 'idx', title: rowNumberTitle, width: columnWidth({ header: rowNumberTitle, widestValue: '0000' }), align: 'center', render: (_v, _row, index) => rowNumber(index, page, size) },
    textColumn('code', label('code', locale), WIDEST.code),
    textColumn('name', label('name', locale), WIDEST.name),
    textColumn('telephone', label('telephone', locale), WIDEST.telephone),
    { key: 'sex', title: label('sex', locale), width: columnWidth({ header: label('sex', locale), widestValue: 'Female' }), render: (_v, row) => sexLabel(row.sex, locale) },
    textColumn('card', label('card', locale), WIDEST.card),
    { key: 'census', title: censusTitle, width: columnWidth({ header: censusTitle, widestValue: WIDEST.census }), ellipsis: { showTitle: true }, render: (_v, row) => censusText(row) },
    textColumn('graduatedSchool', label('graduatedSchool', locale), WIDEST.school),
    textColumn('specialty', label('specialty', locale), WIDEST.specialty),
    textColumn('officeName', label('officeId', locale), WIDEST.office),
    {
      key: 'roles',
      title: rolesTitle,
      width: columnWidth({ header: rolesTitle, widestValue: WIDEST.roles }),
      ellipsis: true,
      render: (_v, row) =>
        row.roles?.length ? (
          <Tooltip title={row.roles.map((role) => roleText(role, locale)).join('、')}>
            <span className="staff-roles">
              {row.roles.map((role) =>
                // A link ending within ENDING_SOON_DAYS: a clock and another colour, its end in the tooltip.
                isEndingSoon(role.expiresAt) ? (
                  <Tag key={role.id} color="orange" bordered={false} icon={<ClockCircleOutlined aria-label={roleEndMessages.endingSoon[locale]} />}>
                    {role.name}
                  </Tag>
                ) : (
                  <Tag key={role.id} color="blue" bordered={false}>
                    {role.name}
                  </Tag>
                ),
              )}
            </span>
          </Tooltip>
        ) : (
          EMPTY
        ),
    },
    {
      key: 'isEnable',
      title: enableTitle,
      width: columnWidth({ header: enableTitle, contentWidth: SWITCH_WIDTH }),
      align: 'center',
      fixed: 'right',
      render: (_v, row) => {
        const saving = switching.get(row.id);
        const isSelf = row.id === selfId;
        const control = (
          <Switch
            size="small"
            aria-label={t('staff.enable.label', { name: row.name })}
            checked={saving ?? String(row.isEnable) === '1'}
            loading={saving !== undefined}
            disabled={!granted.has('enable') || isSelf}
            onChange={(enabled) => onSwitch(row, enabled)}
          />
        );
        return isSelf ? <Tooltip title={OWN_ACCOUNT_REFUSALS.disable[locale]}>{control}</Tooltip> : control;
      },
    },
  ];
  if (actions.length > 0) {
    const actionsTitle = t('resources.actions');
    columns.push({
      key: 'actions',
      title: actionsTitle,
      width: columnWidth({ header: actionsTitle, contentWidth: actions.length * (BUTTON_WIDTH + 4) }),
      align: 'center',
      fixed: 'right',
      render: (_v, row) => (
        <Space size={4}>
          {actions.map((action) => {
            const Icon = ICONS[action];
            const name = t(LABELS[action]);
            // One's own account is refused by the server: say why rather than offer it.
            const refusal = row.id === selfId && action !== 'edit' ? OWN_ACCOUNT_REFUSALS[action][locale] : undefined;
            return (
              <Tooltip key={action} title={refusal ?? name}>
                <Button
                  type="text"
                  size="small"
                  danger={action === 'delete'}
                  icon={<Icon />}
                  aria-label={name}
                  disabled={!!refusal}
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
