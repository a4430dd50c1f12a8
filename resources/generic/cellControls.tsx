/**
 * Cells that act: a switch that saves its field at once (SPEC §4: a success message, and on
 * failure the switch goes back), and up/down arrows that move a row of an ordered resource.
 */
import ArrowDownOutlined from '@ant-design/icons/es/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/es/icons/ArrowUpOutlined';
import { useCustomMutation, useInvalidate, useTranslate, useUpdate, type HttpError } from '@refinedev/core';
import { Button, Space, Switch, Tooltip } from 'antd';
import { useState } from 'react';
import type { Option } from '../../contract/fields';
import { endpointOf, type ResourceDefinition } from '../define';
import type { Row } from './rowTypes';

interface SwitchProps {
  definition: ResourceDefinition;
  field: string;
  row: Row;
  /** A two-option choice: the first option is "on". */
  options: readonly Option[];
  label: string;
  canEdit: boolean;
}

/** On when the row holds the first option; toggling saves that one field (the update keeps the rest). */
export function SwitchCell({ definition, field, row, options, label, canEdit }: SwitchProps) {
  const t = useTranslate();
  const { mutateAsync, mutation } = useUpdate<Row, HttpError>();
  const stored = String(row[field]) === String(options[0]!.value);
  // What the user chose stays shown until the saved row comes back (no flicker), and goes when it fails.
  const [chosen, setChosen] = useState<{ checked: boolean; whenStored: boolean }>();
  const checked = chosen && chosen.whenStored === stored ? chosen.checked : stored;
  return (
    <Switch
      size="small"
      checked={checked}
      loading={mutation.isPending}
      disabled={!canEdit}
      aria-label={label}
      onChange={async (next) => {
        setChosen({ checked: next, whenStored: stored });
        try {
          await mutateAsync({
            resource: definition.name,
            id: row.id,
            values: { [field]: options[next ? 0 : 1]!.value },
            successNotification: () => ({ message: t('messages.operationSuccessful'), type: 'success' }),
            errorNotification: (error) => ({ message: error?.message || t('notifications.error'), type: 'error' }),
          });
        } catch {
          setChosen(undefined);
        }
      }}
    />
  );
}

interface OrderProps {
  definition: ResourceDefinition;
  row: Row;
  /** The row's place on the page and the page's row count. */
  index: number;
  rowCount: number;
  canEdit: boolean;
}

/** The position with up/down arrows: up hidden at position 1, down hidden on the page's last row (SPEC §4). */
export function OrderCell({ definition, row, index, rowCount, canEdit }: OrderProps) {
  const t = useTranslate();
  const invalidate = useInvalidate();
  const { mutateAsync, mutation } = useCustomMutation<{ moved: boolean }, HttpError>();
  const field = definition.order!.field;
  const position = Number(row[field]);
  const move = async (direction: 'up' | 'down') => {
    try {
      await mutateAsync({
        url: `${endpointOf(definition)}/move`,
        method: 'post',
        values: { id: row.id, direction },
        errorNotification: (error) => ({ message: error?.message || t('notifications.error'), type: 'error' }),
      });
    } finally {
      await invalidate({ resource: definition.name, invalidates: ['list'] });
    }
  };
  const arrow = (direction: 'up' | 'down', shown: boolean) => {
    const label = t(direction === 'up' ? 'resources.moveUp' : 'resources.moveDown');
    return (
      <Tooltip title={label}>
        <Button
          type="text"
          size="small"
          icon={direction === 'up' ? <ArrowUpOutlined /> : <ArrowDownOutlined />}
          aria-label={label}
          disabled={mutation.isPending}
          style={shown ? undefined : { visibility: 'hidden' }}
          aria-hidden={!shown}
          tabIndex={shown ? undefined : -1}
          onClick={() => void move(direction)}
        />
      </Tooltip>
    );
  };
  return (
    <Space size={2} className="generic-order">
      <span className="generic-order__position">{Number.isFinite(position) ? position : '--'}</span>
      {canEdit ? arrow('up', position !== 1) : null}
      {canEdit ? arrow('down', index < rowCount - 1) : null}
    </Space>
  );
}
