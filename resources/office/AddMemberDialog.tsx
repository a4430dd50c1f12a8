import { useTranslate } from '@refinedev/core';
import { Alert, Input, Modal, Pagination, Typography } from 'antd';
import { useMemo, useState } from 'react';
import type { OfficeNode } from '../../contract/entities/office';
import type { StaffPickerRow } from '../../contract/entities/staff';
import { OFFICE_CALLS } from '../../contract/paths';
import { useLocale } from '../../providers/locale';
import { FIRST_PAGE, nextPaging, pageBody, type Paging } from './paging';
import { SelectableTable } from './SelectableTable';
import { memberColumns } from './staffColumns';
import { CANDIDATE_LIST_URL, useOfficeCommand, useStaffPage } from './useOfficeData';
import { pagerTotal } from '../generic/pagerTotal';

interface Props {
  office: OfficeNode;
  open: boolean;
  onClose: () => void;
  afterClose?: () => void;
  /** After the members were added. */
  onAdded: () => void;
}

/** The add-member dialog (SPEC §2.6): search, candidates with selection over pages, confirm and cancel. */
export function AddMemberDialog({ office, open, onClose, afterClose, onAdded }: Props) {
  const t = useTranslate();
  const locale = useLocale();
  const [text, setText] = useState('');
  const [searchKey, setSearchKey] = useState('');
  const [paging, setPaging] = useState<Paging>(FIRST_PAGE);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(new Set());
  const [isSaving, setIsSaving] = useState(false);
  const command = useOfficeCommand();

  const candidates = useStaffPage<StaffPickerRow>(CANDIDATE_LIST_URL, pageBody(searchKey ? { searchKey } : {}, paging));
  const columns = useMemo(() => memberColumns<StaffPickerRow>(locale, t('office.candidates.current'), t('common.empty')), [locale, t]);

  const search = (value: string) => {
    setText(value);
    setSearchKey(value.trim());
    setPaging((current) => ({ ...current, page: 1 }));
  };

  const confirm = async () => {
    setIsSaving(true);
    try {
      await command(OFFICE_CALLS.addUser, { officeId: office.id, ids: [...selectedIds].join(',') }, 'messages.added');
      onAdded();
      onClose();
    } catch {
      // The server's message is shown; the choice stays for another try.
    } finally {
      setIsSaving(false);
    }
  };

  const choose = (rows: readonly StaffPickerRow[], checked: boolean) =>
    setSelectedIds((current) => {
      const next = new Set(current);
      for (const row of rows) {
        if (checked) next.add(row.id);
        else next.delete(row.id);
      }
      return next;
    });
  const memberTitle = t('office.candidates.member');
  // Already here: nothing to add.
  const disabledReason = (row: StaffPickerRow) => (Number(row.officeId) === office.id ? memberTitle : undefined);

  const tableLabel = t('office.candidates.table');
  return (
    <Modal
      open={open}
      width={760}
      title={t('office.candidates.title', { name: office.name })}
      okText={t('buttons.confirm')}
      cancelText={t('buttons.cancel')}
      okButtonProps={{ disabled: selectedIds.size === 0 }}
      confirmLoading={isSaving}
      onOk={confirm}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
      maskClosable={false}
    >
      <Input.Search
        className="office-search"
        aria-label={t('office.candidates.search')}
        placeholder={t('office.candidates.placeholder')}
        value={text}
        allowClear
        enterButton={t('buttons.query')}
        onChange={(event) => setText(event.target.value)}
        onSearch={search}
      />
      <Typography.Paragraph type="secondary" className="office-hint">
        {t('office.candidates.moveHint')}
        {selectedIds.size > 0 ? ` · ${t('office.members.selected', { count: selectedIds.size })}` : null}
      </Typography.Paragraph>
      {candidates.isError ? (
        <Alert type="error" showIcon className="office-alert" message={t('resources.loadFailed', { message: candidates.error?.message ?? '' })} />
      ) : null}
      <div className="office-candidates">
        <SelectableTable
          label={tableLabel}
          columns={columns}
          rows={candidates.rows}
          loading={candidates.isFetching}
          selection={{ ids: selectedIds, onChange: choose, disabledReason }}
        />
      </div>
      {candidates.total > 0 ? (
        <Pagination
          className="generic-pagination"
          size="small"
          current={paging.page}
          pageSize={paging.size}
          total={candidates.total}
          showSizeChanger
          showTotal={pagerTotal(t)}
          onChange={(page, size) => setPaging((current) => nextPaging(current, page, size))}
        />
      ) : null}
    </Modal>
  );
}
