/** The up/down arrows that move a row of an ordered resource (`order`), loaded with a list that has them. */
import ArrowDownOutlined from '@ant-design/icons/es/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/es/icons/ArrowUpOutlined';
import { useCustomMutation, useInvalidate, useTranslate, type HttpError } from '@refinedev/core';
import { Button, Space, Tooltip } from 'antd';
import { endpointOf, type ResourceDefinition } from '../../define';
import type { Row } from '../rowTypes';

interface OrderProps {
  definition: ResourceDefinition;
  row: Row;
  /** The row's place on the page and the page's row count. */
  index: number;
  rowCount: number;
  canEdit: boolean;
}

/** The position with up/down arrows: up hidden at position 1, down hidden on the page's last row (SPEC §4). */
export default function OrderArrows({ definition, row, index, rowCount, canEdit }: OrderProps) {
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
