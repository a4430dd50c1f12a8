/**
 * A staff member's history (the row action "变更历史"): the generic history panel over the staff
 * calls (/user/history, /user/revert) in a drawer. Loaded on first use, never with the list.
 */
import { useTranslate } from '@refinedev/core';
import { Drawer } from 'antd';
import { staffEntity, type StaffListRow } from '../../contract/entities/staff';
import { historyMessages } from '../../contract/history';
import { callUrl, STAFF_CALLS } from '../../contract/paths';
import { useLocale } from '../../providers/locale';
import { HistoryPanel } from '../generic/HistoryPanel';
import '../generic/generic.css';

/** Where /history and /revert are for staff: the calls' common base. */
const STAFF_ENDPOINT = callUrl(STAFF_CALLS.history).slice(0, -'/history'.length);

interface Props {
  row: StaffListRow;
  canRevert: boolean;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
  onReverted: () => void;
}

export default function StaffHistory({ row, canRevert, open, onClose, afterClose, onReverted }: Props) {
  const t = useTranslate();
  const locale = useLocale();
  return (
    <Drawer open={open} onClose={onClose} afterOpenChange={(isOpen) => !isOpen && afterClose()} width={720} title={`${historyMessages.tab[locale]} · ${row.name ?? ''}`} closable aria-label={t('staff.action.history')}>
      <HistoryPanel endpoint={STAFF_ENDPOINT} id={row.id} fields={staffEntity.fields} canRevert={canRevert} onReverted={onReverted} />
    </Drawer>
  );
}
