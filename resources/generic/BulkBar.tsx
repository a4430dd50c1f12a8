/**
 * The toolbar of a list's selected rows: how many, and the bulk actions the caller holds (delete
 * with `<resource>:delete`, the set actions of ./bulkActions.ts with `<resource>:bulkEdit`). Each
 * opens its confirmation (the list's dialogs), which says how many rows it touches.
 */
import { useTranslate } from '@refinedev/core';
import { Button, Space } from 'antd';
import type { BulkSetAction } from './bulkActions';

interface Props {
  count: number;
  canDelete: boolean;
  setActions: readonly BulkSetAction[];
  onDelete: () => void;
  onSet: (action: BulkSetAction) => void;
  onClear: () => void;
  onIntent?: () => void;
}

export function BulkBar({ count, canDelete, setActions, onDelete, onSet, onClear, onIntent }: Props) {
  const t = useTranslate();
  const several = new Set(setActions.map((a) => a.field)).size > 1;
  return (
    <Space className="generic-bulk" role="group" aria-label={t('bulk.selected', { count })} wrap>
      <span>{t('bulk.selected', { count })}</span>
      {setActions.map((action) => (
        <Button key={`${action.field}-${action.value}`} onMouseEnter={onIntent} onFocus={onIntent} onClick={() => onSet(action)}>
          {several ? `${action.fieldLabel}: ` : ''}
          {t('bulk.set', { option: action.optionLabel })}
        </Button>
      ))}
      {canDelete ? (
        <Button danger onMouseEnter={onIntent} onFocus={onIntent} onClick={onDelete}>
          {t('bulk.delete')}
        </Button>
      ) : null}
      <Button type="link" onClick={onClear}>
        {t('bulk.clear')}
      </Button>
    </Space>
  );
}
