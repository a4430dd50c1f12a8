import { useDelete, useTable, useTranslate, type BaseKey, type HttpError } from '@refinedev/core';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { Alert, Button, Pagination } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../contract/paging';
import { useLocale } from '../../src/i18n';
import type { ResourceDefinition, RowAction } from '../define';
import { resourceColumns, type Row } from './columns';
import { DataTable } from './DataTable';
import type { FormAction } from './ResourceForm';
import { dialogComponent, registeredRowActions, type DialogEntry, type DialogRegistry } from './rowActions';
import { SearchForm } from './SearchForm';
import { useResourceAccess } from './useResourceAccess';
import { useRowActionAccess } from './useRowActionAccess';
import './generic.css';

// The dialogs (Modal, and the form's Select, InputNumber, Radio, TextArea) load on first use;
// pointing at a button that opens one starts the download.
const loadForm = () => import('./ResourceForm');
const loadDeleteConfirm = () => import('./DeleteConfirm');
const ResourceForm = lazy(() => loadForm().then((m) => ({ default: m.ResourceForm })));
const DeleteConfirm = lazy(() => loadDeleteConfirm().then((m) => ({ default: m.DeleteConfirm })));
const prefetchDialogs = () => {
  void loadForm();
  void loadDeleteConfirm();
};

interface Props {
  definition: ResourceDefinition;
  /** The menu's title. */
  title: string;
  /** Where the dialogs of `definition.rowActions` are registered (resources/dialogs.ts). */
  dialogs?: DialogRegistry;
}

type Dialog =
  | { kind: 'form'; action: FormAction; id?: BaseKey; open: boolean }
  | { kind: 'delete'; row: Row; open: boolean }
  | { kind: 'rowAction'; action: RowAction; entry: DialogEntry; row: Row; open: boolean };

/** The generic list of a declarative resource: search, add, table with row actions, pagination, dialogs. */
export function ResourceList({ definition, title, dialogs }: Props) {
  const t = useTranslate();
  const locale = useLocale();
  const access = useResourceAccess(definition.name);
  const declaredActions = useMemo(() => registeredRowActions(definition, dialogs), [definition, dialogs]);
  const grantedActions = useRowActionAccess(
    definition.name,
    declaredActions.map(({ action }) => action.action),
  );
  const rowActions = declaredActions.filter(({ action }) => grantedActions.has(action.action));
  const [dialog, setDialog] = useState<Dialog>();
  const { mutateAsync: remove } = useDelete<Row, HttpError>();

  const { tableQuery, result, currentPage, setCurrentPage, pageSize, setPageSize, setFilters } = useTable<Row, HttpError>({
    resource: definition.name,
    pagination: { currentPage: 1, pageSize: DEFAULT_PAGE_SIZE },
    sorters: { mode: 'off' },
    syncWithLocation: false,
  });
  const rows = result.data;

  const deleteRow = async (row: Row) => {
    await remove({
      resource: definition.name,
      id: row.id,
      successNotification: () => ({ message: t('messages.deleted'), type: 'success' }),
      errorNotification: (error) => ({ message: error?.message || t('notifications.error'), type: 'error' }),
    });
    // The last row of a later page is gone: show the page before it.
    if (rows.length === 1 && currentPage > 1) setCurrentPage(currentPage - 1);
  };

  const closeDialog = () => setDialog((current) => current && { ...current, open: false });
  const forgetDialog = () => setDialog(undefined);
  const openRowAction = (row: Row, name: string) => {
    const found = rowActions.find(({ action }) => action.action === name);
    if (found) setDialog({ kind: 'rowAction', ...found, row, open: true });
  };

  const columns = resourceColumns({
    definition,
    locale,
    translate: (key) => t(key),
    page: currentPage,
    size: pageSize,
    access,
    onEdit: (row) => setDialog({ kind: 'form', action: 'edit', id: row.id, open: true }),
    onDelete: (row) => setDialog({ kind: 'delete', row, open: true }),
    onActionIntent: prefetchDialogs,
    rowActions,
    onRowAction: (row, action) => openRowAction(row, action.action),
  });
  const RowActionDialog = dialog?.kind === 'rowAction' ? dialogComponent(dialog.entry) : undefined;

  return (
    <section className="console-page generic-list" aria-label={title}>
      <SearchForm
        definition={definition}
        locale={locale}
        onSearch={(filters) => {
          setFilters(filters, 'replace');
          setCurrentPage(1);
        }}
      />
      {access.canCreate ? (
        <div className="generic-toolbar">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onMouseEnter={prefetchDialogs}
            onFocus={prefetchDialogs}
            onClick={() => setDialog({ kind: 'form', action: 'create', open: true })}
          >
            {t('buttons.add')}
          </Button>
        </div>
      ) : null}
      {tableQuery.isError ? (
        <Alert type="error" showIcon className="generic-error" message={t('resources.loadFailed', { message: tableQuery.error?.message ?? '' })} />
      ) : null}
      <DataTable<Row> label={title} columns={columns} rows={rows} rowKey={(row) => row.id} loading={tableQuery.isFetching} />
      <Pagination
        className="generic-pagination"
        current={currentPage}
        pageSize={pageSize}
        total={result.total ?? 0}
        showTotal={(total) => t('resources.total', { total })}
        showSizeChanger
        showQuickJumper
        onChange={(page, size) => {
          // A new page size starts again at page 1.
          if (size !== pageSize) {
            setPageSize(size);
            setCurrentPage(1);
          } else setCurrentPage(page);
        }}
      />
      <Suspense fallback={null}>
        {dialog?.kind === 'form' ? (
          <ResourceForm
            key={`${dialog.action}-${dialog.id ?? 'new'}`}
            definition={definition}
            title={title}
            action={dialog.action}
            id={dialog.id}
            open={dialog.open}
            onClose={closeDialog}
            afterClose={forgetDialog}
          />
        ) : null}
        {dialog?.kind === 'delete' ? (
          <DeleteConfirm open={dialog.open} onConfirm={() => deleteRow(dialog.row)} onClose={closeDialog} afterClose={forgetDialog} />
        ) : null}
        {dialog?.kind === 'rowAction' && RowActionDialog ? (
          <RowActionDialog
            key={`${dialog.action.action}-${dialog.row.id}`}
            definition={definition}
            record={dialog.row}
            open={dialog.open}
            onClose={closeDialog}
            afterClose={forgetDialog}
            openAction={(name) => openRowAction(dialog.row, name)}
            canOpen={(name) => rowActions.some(({ action }) => action.action === name)}
          />
        ) : null}
      </Suspense>
    </section>
  );
}
