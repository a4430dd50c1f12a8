import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import { useTable } from '@refinedev/antd';
import { useCan, useDelete, useInvalidate, useTranslate, type BaseKey, type CrudFilter, type HttpError } from '@refinedev/core';
import { Button, Space, Table, Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocale } from '../../providers/locale';
import type { Locale } from '../../contract/i18n';
import { DELETE_IMPACT_PATH, endpointOf, exportPathOf, isExportable, isImportable, pageSizesOf, type ResourceDefinition, type RowAction } from '../define';
import { detailsOf } from '../registry';
import { BulkBar } from './BulkBar';
import { bulkFieldActions, bulkSetActions } from './bulkActions';
import type { BulkTarget } from './bulkTarget';
import { useRegisteredCells } from './cellRegistry';
import { resourceColumns } from './columns';
import { sortOrderOf } from './columnSettings';
import { ExportButton } from './ExportButton';
import { ImportButton, importCallsOf } from './ImportButton';
import { exportColumns, exportListParams } from './exportParams';
import { useRowMark } from './features';
import { searchFilters } from './filters';
import type { ListBulkAction } from './ListBulkConfirm';
import type { FormAction } from './ResourceForm';
import { dialogComponent, registeredRowActions, type DialogEntry, type DialogRegistry } from './rowActions';
import type { Row } from './rowTypes';
import { SearchForm } from './SearchForm';
import { useResourceAccess } from './useResourceAccess';
import { useCheckedRows } from './useCheckedRows';
import { useListRecords } from './useListRecords';
import { useRowActionAccess } from './useRowActionAccess';
import { pagerTotal } from './pagerTotal';
import { tableFit } from './tableFit';
import { useResourceListSettings } from './useResourceListSettings';
import './generic.css';

// The dialogs (Modal, and the form's Select, InputNumber, Radio, TextArea) load on first use;
// pointing at a button that opens one starts the download.
const loadForm = () => import('./ResourceForm');
const loadDeleteConfirm = () => import('./DeleteConfirm');
const loadShow = () => import('./ResourceShow');
const ResourceForm = lazy(() => loadForm().then((m) => ({ default: m.ResourceForm })));
const DeleteConfirm = lazy(() => loadDeleteConfirm().then((m) => ({ default: m.DeleteConfirm })));
const ResourceShow = lazy(loadShow);
const loadBulkConfirm = () => import('./ListBulkConfirm');
const ListBulkConfirm = lazy(() => loadBulkConfirm().then((m) => ({ default: m.ListBulkConfirm })));
const prefetchDialogs = () => {
  void loadForm();
  void loadBulkConfirm();
  void loadDeleteConfirm();
  void loadShow();
};

/** A master list's selected row, and how a click selects one. */
export interface Selection {
  selected: Row | undefined;
  onSelect: (row: Row | undefined) => void;
}

interface Props {
  definition: ResourceDefinition;
  /** The list's title (the menu title; a detail list's names its master). */
  title: string;
  /** Where the dialogs of `definition.rowActions` are registered (resources/dialogs.ts). */
  dialogs?: DialogRegistry;
  /** A detail list: the rows of this master only, and new rows are added to it. */
  master?: { field: string; id: BaseKey };
  /** A master list: rows are selectable, the first is selected once loaded. */
  selection?: Selection;
  /** Shown at the start of the toolbar (a master–detail panel's heading). */
  heading?: ReactNode;
}

/**
 * '删除角色“仓库管理员”？' ('您确认删除“张三”吗？' when the definition names no record kind), naming
 * what goes with it for a master ('… and all its items'); the counts come from the server
 * (DeleteConfirm's `impact`).
 */
function deleteQuestion(definition: ResourceDefinition, row: Row, locale: Locale, t: (key: string, params?: Record<string, unknown>) => string): string {
  const name = definition.labelField ? row[definition.labelField] : undefined;
  if (name === undefined || name === null || name === '') return t('confirm.delete.content');
  const details = detailsOf(definition);
  if (details.length > 0) return t('confirm.delete.withDetails', { name, details: details.map((d) => d.title[locale]).join('、') });
  return definition.recordName ? t('confirm.delete.namedKind', { kind: definition.recordName[locale], name }) : t('confirm.delete.named', { name });
}

type Dialog =
  | { kind: 'form'; action: FormAction; id?: BaseKey; open: boolean }
  | { kind: 'delete'; row: Row; open: boolean }
  | { kind: 'show'; id: BaseKey; open: boolean }
  | { kind: 'bulkDelete'; ids: BaseKey[]; open: boolean }
  | { kind: 'bulk'; bulk: ListBulkAction; target: BulkTarget; open: boolean }
  | { kind: 'rowAction'; action: RowAction; entry: DialogEntry; row: Row; open: boolean };

/** The width of the element `ref` holds, followed as it changes (undefined until measured). */
function useWidth(): [React.RefObject<HTMLElement | null>, number | undefined] {
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState<number>();
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    // Rounded down: clientWidth rounds to the nearest pixel, which may be half a pixel more than there is.
    const observer = new ResizeObserver(() => setWidth(Math.floor(element.getBoundingClientRect().width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/** The generic list of a declarative resource: search, toolbar, antd table with row actions, pagination, dialogs. */
export function ResourceList({ definition, title, dialogs, master, selection, heading }: Props) {
  const t = useTranslate();
  const locale = useLocale();
  const access = useResourceAccess(definition);
  const pageSizes = pageSizesOf(definition);
  const declaredActions = useMemo(() => registeredRowActions(definition, dialogs), [definition, dialogs]);
  const declaredSets = useMemo(() => bulkSetActions(definition, locale), [definition, locale]);
  const declaredFieldSets = useMemo(() => bulkFieldActions(definition, locale), [definition, locale]);
  const hasBulkEdit = declaredSets.length + declaredFieldSets.length > 0;
  const grantedActions = useRowActionAccess(definition.name, [...declaredActions.map(({ action }) => action.action), ...(hasBulkEdit ? ['bulkEdit'] : [])]);
  const setActions = grantedActions.has('bulkEdit') ? declaredSets : [];
  const fieldActions = grantedActions.has('bulkEdit') ? declaredFieldSets : [];
  const rowActions = declaredActions.filter(({ action }) => grantedActions.has(action.action));
  const [dialog, setDialog] = useState<Dialog>();
  const { mutateAsync: remove } = useDelete<Row, HttpError>();

  const permanent: CrudFilter[] = master ? [{ field: master.field, operator: 'eq', value: master.id }] : [];
  const { tableProps, tableQuery, searchFormProps, currentPage, setCurrentPage, pageSize, filters, sorters, setSorters } = useTable<Row, HttpError, Record<string, unknown>>({
    resource: definition.name,
    pagination: { currentPage: 1, pageSize: pageSizes[0] },
    filters: { permanent },
    // A sortable column's header asks the server for its order (./columns.ts); none: the default order.
    sorters: { mode: 'server' },
    syncWithLocation: false,
    onSearch: (values) => searchFilters(definition, values),
  });
  const rows = useMemo(() => [...(tableProps.dataSource ?? [])], [tableProps.dataSource]);
  // Exporting is a page element of its own (`<name>:export`).
  const canExport = useCan({ resource: definition.name, action: 'export', queryOptions: { enabled: isExportable(definition) } }).data?.can === true && isExportable(definition);
  // Importing is one too (`<name>:import`), for a definition that offers it.
  const canImport = useCan({ resource: definition.name, action: 'import', queryOptions: { enabled: isImportable(definition) } }).data?.can === true && isImportable(definition);
  const invalidate = useInvalidate();
  const rowMark = useRowMark(definition);
  // A master list selects one row instead.
  const isCheckable = selection === undefined && (setActions.length > 0 || fieldActions.length > 0 || access.canDelete);
  // "All matching rows" sends what the list call sends, paging aside (as the export does).
  const match = useMemo(() => exportListParams(definition, filters, sorters), [definition, filters, sorters]);
  const { checked, matching, target, clear: clearChecked, deleteChecked, rowSelection } = useCheckedRows({
    resource: definition.name,
    isCheckable,
    rows,
    total: tableQuery.data?.total ?? 0,
    match,
    onPageEmptied: () => currentPage > 1 && setCurrentPage(currentPage - 1),
  });
  // Registered cells load with the first list naming them (their widths and alignment come with them).
  useRegisteredCells(definition.columns.flatMap((column) => (column.cell ? [column.cell] : [])));
  const [listRef, listWidth] = useWidth();

  // A master list keeps a row selected: the first once loaded, the first again when the selected
  // one goes, and the selected one as it was reloaded (renamed, say).
  const onSelect = selection?.onSelect;
  const selected = selection?.selected;
  const selectedId = selected?.id;
  useEffect(() => {
    if (!onSelect || tableQuery.isFetching) return;
    const next = rows.find((row) => String(row.id) === String(selected?.id)) ?? rows[0];
    if (next !== selected) onSelect(next);
  }, [onSelect, selected, rows, tableQuery.isFetching]);

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
  // The command palette finds this list's records and opens one as the eye button does.
  useListRecords({ definition, title, rows, master, onShow: (row) => setDialog({ kind: 'show', id: row.id, open: true }) });
  const openRowAction = (row: Row, name: string) => {
    const found = rowActions.find(({ action }) => action.action === name);
    if (found) setDialog({ kind: 'rowAction', ...found, row, open: true });
  };

  const { settings, sort } = useResourceListSettings({ definition, locale, form: searchFormProps.form, sorters, setSorters });

  const columns = resourceColumns({
    definition,
    locale,
    translate: (key) => t(key),
    page: currentPage,
    size: pageSize,
    withoutRowNumber: selection !== undefined,
    rows,
    access,
    onEdit: (row) => setDialog({ kind: 'form', action: 'edit', id: row.id, open: true }),
    onDelete: (row) => setDialog({ kind: 'delete', row, open: true }),
    onActionIntent: prefetchDialogs,
    rowActions,
    onRowAction: (row, action) => openRowAction(row, action.action),
    onShow: (row) => setDialog({ kind: 'show', id: row.id, open: true }),
    mark: rowMark,
    withSorters: true,
    arrange: settings.arrange,
    // The radio (or check) column takes its 40 px first.
    available: listWidth === undefined ? undefined : listWidth - (selection || isCheckable ? 40 : 0),
  });
  // The header shows the list's sort, also one a view set.
  const sortedColumns = columns.map((column) => ('sorter' in column && column.sorter ? { ...column, sortOrder: sortOrderOf(sort, String(column.key)) } : column));
  const RowActionDialog = dialog?.kind === 'rowAction' ? dialogComponent(dialog.entry) : undefined;
  const pagination = tableProps.pagination;

  return (
    <section ref={listRef} className="generic-list" aria-label={title}>
      <SearchForm definition={definition} locale={locale} formProps={searchFormProps} />
      <div className="generic-toolbar">
        {heading}
        <Space wrap className="generic-toolbar__actions">
          {access.canCreate && (!master || master.id !== undefined) ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onMouseEnter={prefetchDialogs}
              onFocus={prefetchDialogs}
              onClick={() => setDialog({ kind: 'form', action: 'create', open: true })}
            >
              {t('buttons.add')}
            </Button>
          ) : null}
          {canExport ? (
            <ExportButton
              url={`${endpointOf(definition)}/${exportPathOf(definition)}`}
              params={() => exportListParams(definition, filters, sorters)}
              columns={exportColumns(definition, columns.map((column) => column.key))}
            />
          ) : null}
          {canImport && !master ? (
            <ImportButton calls={importCallsOf(endpointOf(definition))} title={title} onImported={() => void invalidate({ resource: definition.name, invalidates: ['list'] })} />
          ) : null}
          <Tooltip title={t('buttons.refresh')}>
            <Button icon={<ReloadOutlined />} aria-label={t('buttons.refresh')} loading={tableQuery.isFetching} onClick={() => void tableQuery.refetch()} />
          </Tooltip>
          {settings.control}
        </Space>
      </div>
      {checked.length > 0 ? (
        <BulkBar
          count={checked.length}
          matching={matching}
          canDelete={access.canDelete}
          setActions={setActions}
          fieldActions={fieldActions}
          onIntent={prefetchDialogs}
          onDelete={() =>
            setDialog(target.kind === 'ids' ? { kind: 'bulkDelete', ids: checked, open: true } : { kind: 'bulk', bulk: { kind: 'delete' }, target, open: true })
          }
          onSet={(action) => setDialog({ kind: 'bulk', bulk: { kind: 'set', action }, target, open: true })}
          onSetField={(action) => setDialog({ kind: 'bulk', bulk: { kind: 'field', action }, target, open: true })}
          onClear={clearChecked}
        />
      ) : null}
      {tableQuery.isError ? (
        // Plain text rather than antd's Alert: the list screen has no room for another component.
        <p role="alert" className="generic-error">
          {t('resources.loadFailed', { message: tableQuery.error?.message ?? '' })}
        </p>
      ) : null}
      <Table<Row>
        {...tableProps}
        {...tableFit}
        className="generic-table"
        rowKey="id"
        size="middle"
        columns={sortedColumns}
        loading={tableQuery.isFetching}
        // The columns' own widths (fitted to the list's width): text beyond them ends in an ellipsis.
        scroll={{ x: columns.reduce((sum, column) => sum + Number(column.width ?? 0), selection || isCheckable ? 40 : 0) }}
        rowSelection={
          selection
            ? { type: 'radio', columnWidth: 40, getCheckboxProps: () => ({ disabled: false, 'aria-label': t('bulk.selectRow') }), selectedRowKeys: selectedId === undefined ? [] : [selectedId], onChange: (_keys, picked) => selection.onSelect(picked[0]) }
            : rowSelection
        }
        onRow={selection ? (row) => ({ onClick: () => selection.onSelect(row), className: 'generic-table__selectable' }) : undefined}
        pagination={
          pagination && {
            ...pagination,
            itemRender: undefined,
            showTotal: pagerTotal(t, tableQuery.data?.totalAtLeast === true),
            showSizeChanger: true,
            pageSizeOptions: [...pageSizes],
            showQuickJumper: true,
          }
        }
        onChange={(next, filters, sorter, extra) =>
          // A new page size starts again at page 1 (SPEC §4).
          tableProps.onChange?.({ ...next, current: next.pageSize !== pageSize ? 1 : next.current }, filters, sorter, extra)
        }
      />
      <Suspense fallback={null}>
        {dialog?.kind === 'form' ? (
          <ResourceForm
            key={`${dialog.action}-${dialog.id ?? 'new'}`}
            definition={definition}
            title={title}
            action={dialog.action}
            id={dialog.id}
            fixedValues={master ? { [master.field]: master.id } : undefined}
            afterClose={forgetDialog}
          />
        ) : null}
        {dialog?.kind === 'show' ? (
          <ResourceShow key={`show-${dialog.id}`} definition={definition} id={dialog.id} open={dialog.open} onClose={closeDialog} afterClose={forgetDialog} />
        ) : null}
        {dialog?.kind === 'delete' ? (
          <DeleteConfirm
            content={deleteQuestion(definition, dialog.row, locale, t)}
            impact={{ url: `${endpointOf(definition)}/${DELETE_IMPACT_PATH}`, ids: [dialog.row.id] }}
            open={dialog.open}
            onConfirm={() => deleteRow(dialog.row)}
            onClose={closeDialog}
            afterClose={forgetDialog}
          />
        ) : null}
        {dialog?.kind === 'bulkDelete' ? (
          <DeleteConfirm
            content={t('bulk.deleteQuestion', { count: dialog.ids.length })}
            impact={{ url: `${endpointOf(definition)}/${DELETE_IMPACT_PATH}`, ids: dialog.ids }}
            open={dialog.open}
            onConfirm={() => deleteChecked(dialog.ids)}
            onClose={closeDialog}
            afterClose={forgetDialog}
          />
        ) : null}
        {dialog?.kind === 'bulk' ? (
          <ListBulkConfirm
            definition={definition}
            bulk={dialog.bulk}
            target={dialog.target}
            open={dialog.open}
            onDone={() => {
              clearChecked();
              // Every matching row deleted: back to the first page.
              if (dialog.bulk.kind === 'delete' && currentPage > 1) setCurrentPage(1);
              else void tableQuery.refetch();
            }}
            onRefused={() => void tableQuery.refetch()}
            onClose={closeDialog}
            afterClose={forgetDialog}
          />
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
