/**
 * Person list (SPEC §2.3, §4): search, add, the staff table with an enable switch that saves at
 * once, row actions edit / reset password / delete, pagination; checked rows (or every row the
 * search matches) enabled, disabled, deleted or moved to a department at once (the shared BulkBar).
 * Buttons follow the caller's page elements `user:<action>`; the server decides anyway.
 */
import { useGetIdentity, useTranslate } from '@refinedev/core';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { Alert, Button, Form, Pagination, Space, Table } from 'antd';
import { lazy, Suspense, useMemo, useState, type ComponentProps } from 'react';
import { STAFF_ENABLE_FLAGS, staffEntity, type StaffListRow } from '../../contract/entities/staff';
import type { Identity } from '../../providers/authProvider';
import { DEFAULT_PAGE_SIZE } from '../../contract/paging';
import { useLocale } from '../../providers/locale';
import type { PageProps } from '../../src/routing/pageProps';
import { useRowActionAccess } from '../generic/useRowActionAccess';
import { ExportButton } from '../generic/ExportButton';
import { BulkBar } from '../generic/BulkBar';
import type { BulkSetAction } from '../generic/bulkActions';
import type { BulkTarget } from '../generic/bulkTarget';
import { useBulkSelection } from '../generic/useBulkSelection';
import type { StaffBulkAction } from './StaffBulkConfirm';
import { ImportButton } from '../generic/ImportButton';
import { callUrl, STAFF_CALLS } from '../../contract/paths';
import { staffColumns, type RowActionName } from './staffColumns';
import { officeOptions, staffFilters, type StaffFilters, type StaffSearchValues } from './staffList';
import { UserSearchForm } from './UserSearchForm';
import { useStaffRecords } from './useStaffRecords';
import { USER_RESOURCE, useOffices, useRoles, useStaffCalls, useStaffList } from './useStaffData';
import { pagerTotal } from '../generic/pagerTotal';
import { FIT_CLASS, tableFit } from '../generic/tableFit';
import { viewFilters } from '../generic/columnSettings';
import { useListSettings } from '../generic/useListSettings';
import '../generic/generic.css';
import './user.css';

// The dialogs (Modal, DatePicker, the region picker) load on first use; pointing at a button that
// opens one starts the download.
const loadStaffDialog = () => import('./StaffDialog');
const loadResetDialog = () => import('./ResetPasswordDialog');
const loadDeleteConfirm = () => import('../generic/DeleteConfirm');
const loadBulkConfirm = () => import('./StaffBulkConfirm');
const StaffDialog = lazy(() => loadStaffDialog().then((m) => ({ default: m.StaffDialog })));
const ResetPasswordDialog = lazy(() => loadResetDialog().then((m) => ({ default: m.ResetPasswordDialog })));
const DeleteConfirm = lazy(() => loadDeleteConfirm().then((m) => ({ default: m.DeleteConfirm })));
const StaffBulkConfirm = lazy(() => loadBulkConfirm().then((m) => ({ default: m.StaffBulkConfirm })));
const StaffHistory = lazy(() => import('./StaffHistory'));
const prefetchDialogs = () => {
  void loadStaffDialog();
  void loadResetDialog();
  void loadDeleteConfirm();
  void loadBulkConfirm();
};

const ACTIONS = ['create', 'edit', 'enable', 'resetPwd', 'delete', 'export', 'import', 'bulkEdit', 'history', 'revert'] as const;
/** What the search form holds, as a saved view may give it back. */
const SEARCH_FIELDS: ReadonlySet<string> = new Set(['code', 'name', 'telephone', 'officeId', 'roleIds']);
const STAFF_IMPORT = { import: callUrl(STAFF_CALLS.import), template: callUrl(STAFF_CALLS.importTemplate) };
/** Table columns the export does not write: the row number and the buttons. */
const NOT_EXPORTED = new Set(['idx', 'actions']);

/** The table element named for assistive technology ('人员列表'). */
function LabelledTable(props: ComponentProps<'table'>) {
  const t = useTranslate();
  return <table {...props} aria-label={t('staff.table.label')} />;
}

type Dialog =
  | { kind: 'form'; row?: StaffListRow; open: boolean }
  | { kind: 'resetPwd'; row: StaffListRow; open: boolean }
  | { kind: 'history'; row: StaffListRow; open: boolean }
  | { kind: 'delete'; row: StaffListRow; open: boolean }
  | { kind: 'disable'; row: StaffListRow; open: boolean }
  | { kind: 'bulk'; bulk: StaffBulkAction; target: BulkTarget; open: boolean };

export default function UserPage({ route }: PageProps) {
  const t = useTranslate();
  const locale = useLocale();
  const granted = useRowActionAccess(USER_RESOURCE, ACTIONS);
  const { data: identity } = useGetIdentity<Identity>();
  const [filters, setFilters] = useState<StaffFilters>({});
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [dialog, setDialog] = useState<Dialog>();
  const [switching, setSwitching] = useState<ReadonlyMap<number, boolean>>(new Map());

  const { rows, total, isFetching, error, refetch } = useStaffList(filters, page, size);
  const { offices } = useOffices();
  const { roles } = useRoles();
  const officeTree = useMemo(() => officeOptions(offices), [offices]);
  const calls = useStaffCalls();
  const [searchForm] = Form.useForm<StaffSearchValues>();
  // Rows are checked for the bulk actions the caller holds; "all matching" sends the search as /user/list takes it.
  const isCheckable = granted.has('enable') || granted.has('delete') || granted.has('bulkEdit');
  const checked = useBulkSelection({ isCheckable, rows, total, match: filters as Record<string, unknown> });
  const enableActions: BulkSetAction[] = granted.has('enable')
    ? STAFF_ENABLE_FLAGS.map((option) => ({ field: 'isEnable', fieldLabel: staffEntity.fields.isEnable.label[locale], value: option.value, optionLabel: option.label[locale] }))
    : [];

  const reload = async () => {
    await refetch();
  };

  // Saved at once (SPEC §4): success says so; either way the list reloads, which puts a refused
  // switch back where the server has it.
  const toggle = async (row: StaffListRow, enabled: boolean) => {
    setSwitching((current) => new Map(current).set(row.id, enabled));
    try {
      await calls.enable(row.id, enabled ? '1' : '0');
      calls.say('messages.operationSuccessful');
    } catch {
      // The server's message is shown.
    } finally {
      await reload();
      setSwitching((current) => {
        const next = new Map(current);
        next.delete(row.id);
        return next;
      });
    }
  };

  const deleteRow = async (row: StaffListRow) => {
    await calls.remove(row.id);
    calls.say('messages.deleted');
    // The last row of a later page is gone: show the page before it.
    if (rows.length === 1 && page > 1) setPage(page - 1);
    else await reload();
  };

  const search = (next: StaffFilters) => {
    // The same filters on the first page again still ask the server afresh.
    if (page === 1 && JSON.stringify(next) === JSON.stringify(filters)) void reload();
    setFilters(next);
    setPage(1);
  };

  const allColumns = staffColumns({
    locale,
    t,
    page,
    size,
    granted,
    switching,
    selfId: identity?.id,
    // Disabling ends the member's sessions: asked first. Enabling is harmless.
    onSwitch: (row, enabled) => (enabled ? void toggle(row, true) : setDialog({ kind: 'disable', row, open: true })),
    onAction: (row, action: RowActionName) => setDialog(action === 'edit' ? { kind: 'form', row, open: true } : { kind: action, row, open: true }),
    onActionIntent: prefetchDialogs,
  });
  // Every column but the row number and those pinned right (the switch, the actions) may be arranged.
  const arrangeable = allColumns.filter((column) => column.key !== 'idx' && !column.fixed).map((column) => ({ key: String(column.key), title: String(column.title) }));
  const settings = useListSettings({
    screen: USER_RESOURCE,
    columns: arrangeable,
    current: () => ({ filters: viewFilters({ ...searchForm.getFieldsValue() } as Record<string, unknown>), sort: null }),
    applyView: (view) => {
      searchForm.resetFields();
      const values = Object.fromEntries(Object.entries(view.filters).filter(([name, value]) => value !== null && SEARCH_FIELDS.has(name)));
      searchForm.setFieldsValue(values);
      search(staffFilters(searchForm.getFieldsValue()));
    },
  });
  const columns = settings.arrange(allColumns);
  // The command palette opens a member as the row's edit button does; without that grant, it finds
  // the member in the list by their code.
  useStaffRecords(route.title, rows, (row) => {
    if (granted.has('edit')) {
      setDialog({ kind: 'form', row, open: true });
      return;
    }
    searchForm.resetFields();
    searchForm.setFieldsValue({ code: row.code });
    search(staffFilters(searchForm.getFieldsValue()));
  });
  const closeDialog = () => setDialog((current) => current && { ...current, open: false });
  const forgetDialog = () => setDialog(undefined);

  return (
    <section className="console-page staff-page" aria-label={route.title}>
      <UserSearchForm
        locale={locale}
        offices={officeTree}
        roles={roles}
        form={searchForm}
        onSearch={search}
      />
      <div className="generic-toolbar">
        {granted.has('create') ? (
          <Button type="primary" icon={<PlusOutlined />} onMouseEnter={prefetchDialogs} onFocus={prefetchDialogs} onClick={() => setDialog({ kind: 'form', open: true })}>
            {t('staff.add')}
          </Button>
        ) : null}
        <Space wrap className="generic-toolbar__actions">
          {granted.has('export') ? (
            <ExportButton
              url={callUrl(STAFF_CALLS.export)}
              params={() => ({ ...filters })}
              columns={columns.flatMap((column) => (typeof column.key === 'string' && !NOT_EXPORTED.has(column.key) ? [column.key] : []))}
            />
          ) : null}
          {granted.has('import') ? <ImportButton calls={STAFF_IMPORT} title={route.title} onImported={() => void reload()} /> : null}
          {settings.control}
        </Space>
      </div>
      {checked.checked.length > 0 ? (
        <BulkBar
          count={checked.checked.length}
          matching={checked.matching}
          canDelete={granted.has('delete')}
          setActions={enableActions}
          fieldActions={granted.has('bulkEdit') ? [{ field: 'officeId', fieldLabel: staffEntity.fields.officeId.label[locale] }] : []}
          onIntent={prefetchDialogs}
          onSet={(action) => setDialog({ kind: 'bulk', bulk: { kind: 'enable', action }, target: checked.target, open: true })}
          onSetField={() => setDialog({ kind: 'bulk', bulk: { kind: 'office' }, target: checked.target, open: true })}
          onDelete={() => setDialog({ kind: 'bulk', bulk: { kind: 'delete' }, target: checked.target, open: true })}
          onClear={checked.clear}
        />
      ) : null}
      {error ? <Alert type="error" showIcon className="generic-error" message={t('resources.loadFailed', { message: error.message })} /> : null}
      <Table<StaffListRow>
        {...tableFit}
        className="staff-table"
        size="middle"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={isFetching}
        pagination={false}
        rowSelection={checked.rowSelection}
        scroll={{ x: 'max-content' }}
        // The stuck header is a table of its own (./tableFit): it carries the list's name too.
        components={{ table: LabelledTable, header: { table: LabelledTable } }}
      />
      <Pagination
        className={`generic-pagination ${FIT_CLASS}`}
        current={page}
        pageSize={size}
        total={total}
        showTotal={pagerTotal(t)}
        showSizeChanger
        showQuickJumper
        onChange={(next, nextSize) => {
          // A new page size starts again at page 1.
          if (nextSize !== size) {
            setSize(nextSize);
            setPage(1);
          } else setPage(next);
        }}
      />
      <Suspense fallback={null}>
        {dialog?.kind === 'form' ? (
          <StaffDialog
            key={dialog.row?.id ?? 'new'}
            id={dialog.row?.id}
            name={dialog.row?.name}
            offices={officeTree}
            roles={roles}
            open={dialog.open}
            onClose={closeDialog}
            afterClose={forgetDialog}
            onSaved={() => void reload()}
          />
        ) : null}
        {dialog?.kind === 'history' ? (
          <StaffHistory row={dialog.row} canRevert={granted.has('revert')} open={dialog.open} onClose={closeDialog} afterClose={forgetDialog} onReverted={() => void reload()} />
        ) : null}
        {dialog?.kind === 'resetPwd' ? (
          <ResetPasswordDialog key={dialog.row.id} row={dialog.row} open={dialog.open} onClose={closeDialog} afterClose={forgetDialog} />
        ) : null}
        {dialog?.kind === 'delete' ? (
          <DeleteConfirm
            open={dialog.open}
            content={t('confirm.delete.named', { name: dialog.row.name ?? '' })}
            onConfirm={() => deleteRow(dialog.row)}
            onClose={closeDialog}
            afterClose={forgetDialog}
          />
        ) : null}
        {dialog?.kind === 'bulk' ? (
          <StaffBulkConfirm
            bulk={dialog.bulk}
            target={dialog.target}
            offices={officeTree}
            open={dialog.open}
            onDone={() => {
              checked.clear();
              // Deleted rows that took the whole page: back a page (every matching row: to the first).
              const emptied = dialog.bulk.kind === 'delete' && (dialog.target.kind === 'match' || dialog.target.ids.length === rows.length);
              if (emptied && page > 1) setPage(dialog.target.kind === 'match' ? 1 : page - 1);
              else void reload();
            }}
            onRefused={() => void reload()}
            onClose={closeDialog}
            afterClose={forgetDialog}
          />
        ) : null}
        {dialog?.kind === 'disable' ? (
          <DeleteConfirm
            open={dialog.open}
            title={t('staff.disable.title')}
            content={t('staff.disable.confirm', { name: dialog.row.name ?? '' })}
            okText={t('staff.disable.ok')}
            onConfirm={() => toggle(dialog.row, false)}
            onClose={closeDialog}
            afterClose={forgetDialog}
          />
        ) : null}
      </Suspense>
    </section>
  );
}
