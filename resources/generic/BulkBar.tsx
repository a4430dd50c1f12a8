/**
 * The toolbar of a list's selected rows: how many, and the bulk actions the caller holds (delete;
 * the two-option set buttons and the "批量设置…" field actions of ./bulkActions.ts). With the whole
 * page checked and more rows matching, it offers every matching row instead (or says the filter
 * must be narrowed first). Each action opens its confirmation, which says how many rows it touches.
 */
import { useTranslate } from '@refinedev/core';
import { Button, Space } from 'antd';
import { BULK_MATCH_MESSAGES, MAX_BULK_MATCH } from '../../contract/bulkUpdate';
import { format } from '../../contract/i18n';
import { useLocale } from '../../providers/locale';
import type { BulkFieldAction, BulkSetAction } from './bulkActions';
import { isTooManyToMatch } from './bulkTarget';

/** "All matching rows": offered while the whole page is checked and more rows match. */
export interface MatchingOffer {
  total: number;
  /** Chosen: the actions take every matching row. */
  isAll: boolean;
  onSelectAll: () => void;
}

interface Props {
  count: number;
  matching?: MatchingOffer;
  canDelete: boolean;
  setActions: readonly BulkSetAction[];
  fieldActions?: readonly BulkFieldAction[];
  onDelete: () => void;
  onSet: (action: BulkSetAction) => void;
  onSetField?: (action: BulkFieldAction) => void;
  onClear: () => void;
  onIntent?: () => void;
}

export function BulkBar({ count, matching, canDelete, setActions, fieldActions = [], onDelete, onSet, onSetField, onClear, onIntent }: Props) {
  const t = useTranslate();
  const locale = useLocale();
  const several = new Set(setActions.map((a) => a.field)).size > 1;
  const isAll = matching?.isAll === true;
  const summary = isAll ? t('bulk.allSelected', { total: matching!.total }) : t('bulk.selected', { count });
  return (
    <Space className="generic-bulk" role="group" aria-label={summary} wrap>
      <span className="generic-bulk__count">{summary}</span>
      {matching && !isAll ? (
        isTooManyToMatch(matching.total) ? (
          <span className="generic-bulk__note">{format(BULK_MATCH_MESSAGES.tooMany[locale], { count: matching.total, max: MAX_BULK_MATCH })}</span>
        ) : (
          <Button type="link" className="generic-bulk__all" onClick={matching.onSelectAll}>
            {t('bulk.selectAll', { total: matching.total })}
          </Button>
        )
      ) : null}
      {setActions.map((action) => (
        <Button key={`${action.field}-${action.value}`} onMouseEnter={onIntent} onFocus={onIntent} onClick={() => onSet(action)}>
          {several ? `${action.fieldLabel}: ` : ''}
          {t('bulk.set', { option: action.optionLabel })}
        </Button>
      ))}
      {onSetField
        ? fieldActions.map((action) => (
            <Button key={action.field} onMouseEnter={onIntent} onFocus={onIntent} onClick={() => onSetField(action)}>
              {t('bulk.setField', { field: action.fieldLabel })}
            </Button>
          ))
        : null}
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
