import { useTranslate } from '@refinedev/core';
import MinusOutlined from '@ant-design/icons/es/icons/MinusOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { Alert, Button, Pagination, Space, Switch, Tooltip, type TableColumnsType } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { OfficeType, type OfficeNode } from '../../contract/entities/office';
import type { StaffListRow } from '../../contract/entities/staff';
import type { Locale } from '../../contract/i18n';
import { callUrl, OFFICE_CALLS } from '../../contract/paths';
import { removeMembersQuestion } from './confirmations';
import { OfficeSection } from './OfficeSection';
import { SelectableTable } from './SelectableTable';
import { FIRST_PAGE, nextPaging, pageAfterRemoval, pageBody, type Paging } from './paging';
import { memberColumns } from './staffColumns';
import type { MemberAccess } from './useMemberAccess';
import { MEMBER_LIST_URL, useOfficeCommand, useStaffPage } from './useOfficeData';
import { ExportButton } from '../generic/ExportButton';
import { pagerTotal } from '../generic/pagerTotal';
import { FIT_CLASS } from '../generic/tableFit';

// The dialogs (Modal, Input, the candidates' table) load on first use; pointing at a button starts the download.
const loadAddDialog = () => import('./AddMemberDialog');
const loadConfirm = () => import('../generic/DeleteConfirm');
const AddMemberDialog = lazy(() => loadAddDialog().then((m) => ({ default: m.AddMemberDialog })));
const ConfirmDialog = lazy(() => loadConfirm().then((m) => ({ default: m.DeleteConfirm })));
const prefetchDialogs = () => {
  void loadAddDialog();
  void loadConfirm();
};

interface Props {
  /** The node chosen in the tree; the panel is keyed by it, so paging and selection start afresh. */
  office: OfficeNode | undefined;
  locale: Locale;
  access: MemberAccess;
}

type Dialog = { kind: 'add'; open: boolean } | { kind: 'remove'; rows: StaffListRow[]; open: boolean };

/** The right side of the directory (SPEC §2.5): the members of the chosen node, add, remove, supervisor flag. */
export function MemberPanel({ office, locale, access }: Props) {
  const t = useTranslate();
  const [paging, setPaging] = useState<Paging>(FIRST_PAGE);
  const [selected, setSelected] = useState<StaffListRow[]>([]);
  const [dialog, setDialog] = useState<Dialog>();
  const [switching, setSwitching] = useState<number>();
  const members = useStaffPage(MEMBER_LIST_URL, office ? pageBody({ officeId: office.id }, paging) : undefined);
  const command = useOfficeCommand();
  const rows = office ? members.rows : [];

  const setSupervisor = async (row: StaffListRow, isSupervisor: boolean) => {
    setSwitching(row.id);
    try {
      await command(OFFICE_CALLS.updateAdminFlag, { ids: row.id, adminFlag: isSupervisor ? 1 : 0 }, 'messages.operationSuccessful');
    } catch {
      // The message is shown; reloading puts the switch back as stored.
    } finally {
      setSwitching(undefined);
      void members.refetch();
    }
  };

  const remove = async (rows: readonly StaffListRow[]) => {
    const ids = rows.map((row) => row.id);
    await command(OFFICE_CALLS.removeUser, { ids: ids.join(',') }, 'messages.removed');
    setSelected([]);
    const next = pageAfterRemoval(paging, members.total, ids.length);
    if (next.page !== paging.page) setPaging(next);
    else void members.refetch();
  };

  // Rows of other pages stay chosen.
  const chosenIds = new Set(selected.map((row) => row.id));
  const choose = (changed: readonly StaffListRow[], checked: boolean) => {
    const ids = new Set(changed.map((row) => row.id));
    setSelected((current) => [...current.filter((row) => !ids.has(row.id)), ...(checked ? changed : [])]);
  };

  const columns: TableColumnsType<StaffListRow> = [
    ...memberColumns<StaffListRow>(locale, t('office.members.department'), t('common.empty')),
    {
      key: 'adminFlag',
      title: t('office.members.supervisor'),
      width: 88,
      align: 'center',
      render: (_value, row) => (
        <Switch
          size="small"
          aria-label={t('office.members.supervisorOf', { name: row.name })}
          checked={Number(row.adminFlag) === 1}
          checkedChildren={t('office.supervisor.yes')}
          unCheckedChildren={t('office.supervisor.no')}
          disabled={!access.canSetSupervisor}
          loading={switching === row.id}
          onChange={(checked) => void setSupervisor(row, checked)}
        />
      ),
    },
  ];

  const title = t('office.members.title');
  const question = dialog?.kind === 'remove' ? removeMembersQuestion(dialog.rows, locale) : undefined;
  // A department's list holds its groups' members too; the organisation column names each one's group.
  const context = office ? t(office.type === OfficeType.DEPARTMENT ? 'office.members.ofDepartment' : 'office.members.of', { name: office.name }) : t('office.members.noOffice');
  return (
    <>
      <OfficeSection title={title}>
        {/* Plain text, not Typography: its ellipsis machinery costs about 8 KB gzipped on this screen. */}
        <p className="office-context" title={context}>
          {context}
        </p>
        <Space size={8} wrap className="office-toolbar">
          {access.canAdd ? (
            <Tooltip title={office ? undefined : t('office.members.noOffice')}>
              <Button type="primary" icon={<PlusOutlined />} disabled={!office} onMouseEnter={prefetchDialogs} onFocus={prefetchDialogs} onClick={() => setDialog({ kind: 'add', open: true })}>
                {t('office.members.add')}
              </Button>
            </Tooltip>
          ) : null}
          {access.canRemove ? (
            <Button danger icon={<MinusOutlined />} disabled={selected.length === 0} onMouseEnter={prefetchDialogs} onFocus={prefetchDialogs} onClick={() => setDialog({ kind: 'remove', rows: selected, open: true })}>
              {t('office.members.remove')}
            </Button>
          ) : null}
          {access.canExport && office ? (
            // The chosen node's members, every page, in the table's columns.
            <ExportButton url={callUrl(OFFICE_CALLS.exportUser)} params={() => ({ officeId: office.id })} columns={columns.flatMap((column) => (typeof column.key === 'string' ? [column.key] : []))} />
          ) : null}
          {selected.length > 0 ? <span className="office-secondary">{t('office.members.selected', { count: selected.length })}</span> : null}
        </Space>
        {members.isError ? <Alert type="error" showIcon className="office-alert" message={t('resources.loadFailed', { message: members.error?.message ?? '' })} /> : null}
        <SelectableTable
          label={t('office.members.table')}
          columns={columns}
          rows={rows}
          loading={!!office && members.isFetching}
          fitsWindow
          selection={access.canRemove ? { ids: chosenIds, onChange: choose } : undefined}
        />
        {office && members.total > 0 ? (
          <Pagination
            className={`generic-pagination ${FIT_CLASS}`}
            current={paging.page}
            pageSize={paging.size}
            total={members.total}
            showSizeChanger
            showTotal={pagerTotal(t)}
            onChange={(page, size) => setPaging((current) => nextPaging(current, page, size))}
          />
        ) : null}
      </OfficeSection>
      <Suspense fallback={null}>
        {dialog?.kind === 'add' && office ? (
          <AddMemberDialog
            office={office}
            open={dialog.open}
            onClose={() => setDialog({ ...dialog, open: false })}
            afterClose={() => setDialog(undefined)}
            onAdded={() => void members.refetch()}
          />
        ) : null}
        {dialog?.kind === 'remove' && question ? (
          <ConfirmDialog
            open={dialog.open}
            title={t('office.members.removeTitle')}
            content={t(question.key, question.params)}
            onConfirm={() => remove(dialog.rows)}
            onClose={() => setDialog({ ...dialog, open: false })}
            afterClose={() => setDialog(undefined)}
          />
        ) : null}
      </Suspense>
    </>
  );
}
