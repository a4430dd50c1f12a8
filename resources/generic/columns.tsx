/**
 * The antd Table columns of a declarative resource: the row number, the declared columns (widths
 * from their content, long text truncated with an ellipsis and a tooltip), then the row actions
 * the caller may use, pinned to the right edge so they stay in view while the table scrolls.
 */
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import EyeOutlined from '@ant-design/icons/es/icons/EyeOutlined';
import { Button, Space, Tag, Tooltip } from 'antd';
import { lazy, Suspense } from 'react';
import type { ColumnsType } from 'antd/es/table';
import type { Field } from '../../contract/fields';
import type { Locale } from '../../contract/i18n';
import { rowNumber } from '../../contract/paging';
import { fieldLabelOf, isBuiltInCell, isComputed, type CellName, type FieldColumnSpec, type ResourceDefinition, type RowAction } from '../define';
import { CellContent } from './CellContent';
import { loadedCell } from './cellRegistry';
import { cellKindOf, cellView, decimalText, slotsOf } from './cells';
import { fitWidths } from './columnFit';
import { featureCell, rowRefusal } from './features';
import type { RowMark } from './features/feature';
import { pageReferenceIds } from './references';
import { columnWidth, textWidth } from './columnWidth';
import type { DialogEntry } from './rowActions';
import type { Row } from './rowTypes';
import type { ResourceAccess } from './useResourceAccess';

// The acting cell (antd's Switch) loads with a list that has it (dictionary items).
const SwitchCell = lazy(() => import('./cellControls').then((m) => ({ default: m.SwitchCell })));

interface Options {
  definition: ResourceDefinition;
  locale: Locale;
  translate: (key: string) => string;
  page: number;
  size: number;
  /** Without the row number (a master list: its selection marks the row). */
  withoutRowNumber?: boolean;
  /** The rows on the current page (widths follow their content; the last one has no down arrow). */
  rows: readonly Row[];
  access: ResourceAccess;
  onEdit: (row: Row) => void;
  onDelete: (row: Row) => void;
  /** Called when the pointer or focus reaches a row action (to fetch its dialog early). */
  onActionIntent?: () => void;
  /** The declared row actions the caller may use, after edit and delete, with their dialogs. */
  rowActions?: ReadonlyArray<{ action: RowAction; entry: DialogEntry }>;
  onRowAction?: (row: Row, action: RowAction) => void;
  /** Opens the row's show view (the list grant allows it); no button without it. */
  onShow?: (row: Row) => void;
  /** Rows a feature marks (the signed-in user's own), with `label` in the first column. */
  mark?: RowMark;
  /** The width the table has, when known (beside a selection column): truncating columns give up width to fit it. */
  available?: number;
  /** Headers of `sortable` columns sort (the list asks the server for that order); off in lists without a sorter. */
  withSorters?: boolean;
  /** The user's column setting (./useListSettings.tsx): order and hide before the widths are fitted. */
  arrange?: <C extends { key?: unknown }>(columns: readonly C[]) => C[];
}

/** The columns a user may arrange (./columnSettings.ts), by key, with their headers: the declared ones. */
export function arrangeableColumns(definition: ResourceDefinition, locale: Locale): Array<{ key: string; title: string }> {
  return definition.columns.map((column) =>
    isComputed(column) ? { key: column.key, title: column.label[locale] } : { key: column.field, title: fieldLabelOf(definition, column.field)?.[locale] ?? column.field },
  );
}

/** Cells that show one line of text: they truncate with an ellipsis and a tooltip. */
const TRUNCATED: ReadonlySet<CellName> = new Set(['text', 'option', 'time', 'date', 'decimal', 'changes', 'table', 'recordKey', 'resource', 'fieldName']);

/**
 * Free text that may give up width when the list lacks room (./columnFit.ts), down to
 * READABLE_FLOOR, and down to its header when that is not enough; a time or a choice keeps its
 * width (cut, it would say nothing).
 */
const SHRINKABLE: ReadonlySet<CellName> = new Set(['text', 'changes', 'table', 'recordKey', 'resource', 'fieldName']);
const READABLE_FLOOR = 96;

/** A registered cell's width until its module has loaded and unless it gives one. */
const CUSTOM_WIDTH = 120;

/** antd's small icon-only button, and the space between two. */
const BUTTON_WIDTH = 24;
const BUTTON_GAP = 4;
const SWITCH_WIDTH = 44;

/** A row's mark: a 12 px tag, its padding and the gap before it. */
const markWidth = (label: string) => Math.ceil((textWidth(label) * 12) / 14) + 24;

const widest = (texts: readonly string[]) => texts.reduce((a, b) => (textWidth(b) > textWidth(a) ? b : a), '');

/**
 * The widest text a column shows: of the rows on screen when there are any (labels looked up by
 * their cell are estimated), else what the field typically holds. Wider ones end in an ellipsis.
 */
function widestValue(definition: ResourceDefinition, column: FieldColumnSpec, field: Field | undefined, locale: Locale, rows: readonly Row[]): string {
  const kind = cellKindOf(definition, column);
  // A timestamp has no entity field: its width is a date and time's.
  if (!field) return kind === 'time' ? '0000-00-00 00:00:00' : '';
  if (kind === 'reference' || kind === 'dictionary') return '名'.repeat(6);
  if (kind === 'tags') return '名'.repeat(10);
  if (field.options) return widest(field.options.map((o) => o.label[locale]));
  if (rows.length > 0) {
    // Slots stand one under the other: the widest is the widest `param1: value` line.
    return widest(rows.flatMap((row) => {
      const view = cellView(definition, column, row[column.field], locale, row);
      if (view.kind === 'slots') return view.slots.map((slot) => `${slot.label}: ${slot.value ?? '--'}`);
      return view.kind === 'text' ? [view.text] : [];
    }));
  }
  if (kind === 'decimal') return decimalText(field, 100000, locale) ?? '0'.repeat(8);
  if (field.storage === 'integer') return '0'.repeat(4);
  const slots = slotsOf(definition, column.field);
  return 'n'.repeat(slots ? slots.count * 12 : Math.min(field.maxLength ?? 16, 16));
}

export function resourceColumns({
  definition,
  locale,
  translate: t,
  page,
  size,
  withoutRowNumber = false,
  rows,
  access,
  onEdit,
  onDelete,
  onActionIntent,
  rowActions = [],
  onRowAction,
  onShow,
  mark,
  available,
  withSorters = false,
  arrange = (list) => [...list],
}: Options): ColumnsType<Row> {
  // The labels of a referenced resource are read for the ids on this page, in one call.
  const referenceIds = pageReferenceIds(definition, definition.columns, rows);
  // How narrow each free-text column may become when the table lacks room (SHRINKABLE).
  const floors = new Map<string, { floor: number; last: number }>();
  const rowNumberTitle = t('resources.rowNumber');
  const numberColumn: ColumnsType<Row>[number] = {
    key: '__rowNumber',
    title: rowNumberTitle,
    width: columnWidth({ header: rowNumberTitle, widestValue: '0000' }),
    align: 'center',
    render: (_value, _row, index) => rowNumber(index, page, size),
  };
  const idColumn: ColumnsType<Row> = definition.idColumn
    ? [
        {
          key: '__id',
          title: definition.idColumn[locale],
          width: columnWidth({ header: definition.idColumn[locale], widestValue: rows.reduce((widest, row) => (String(row.id).length > widest.length ? String(row.id) : widest), '') }),
          render: (_value, row) => String(row.id),
        },
      ]
    : [];
  const columns: ColumnsType<Row> = [
    ...(withoutRowNumber ? [] : [numberColumn]),
    ...idColumn,
    ...definition.columns.map((column, columnIndex) => {
      if (isComputed(column)) {
        const header = column.label[locale];
        const cell = loadedCell(column.cell);
        return {
          key: column.key,
          title: header,
          width: column.width ?? cell?.width ?? columnWidth({ header, contentWidth: CUSTOM_WIDTH }),
          align: cell?.align,
          render: (_value: unknown, row: Row) => <CellContent view={cellView(definition, column, undefined, locale, row)} />,
        };
      }
      const field = definition.entity.fields[column.field];
      const header = fieldLabelOf(definition, column.field)?.[locale] ?? column.field;
      const kind = cellKindOf(definition, column);
      // Refine maps antd's sorter by its dataIndex.
      const sorting = withSorters && column.sortable ? { dataIndex: column.field, sorter: true, sortDirections: ['ascend' as const, 'descend' as const] } : {};
      if (kind === 'switch' && field?.options?.length === 2) {
        return {
          key: column.field,
          title: header,
          width: columnWidth({ header, contentWidth: SWITCH_WIDTH }),
          align: 'center' as const,
          render: (_value: unknown, row: Row) => (
            <Suspense fallback={null}>
              <SwitchCell definition={definition} field={column.field} row={row} options={field.options!} label={header} canEdit={access.canEdit && !rowRefusal(definition, row, 'edit')} />
            </Suspense>
          ),
        };
      }
      const drawn = featureCell(definition, kind);
      if (drawn) {
        return {
          key: column.field,
          title: header,
          width: columnWidth({ header, contentWidth: drawn.contentWidth }),
          render: (_value: unknown, row: Row, index: number) =>
            drawn.render({ definition, row, index, rowCount: rows.length, canEdit: access.canEdit && !rowRefusal(definition, row, 'edit') }),
        };
      }
      const view = (row: Row) => {
        const shown = cellView(definition, column, row[column.field], locale, row);
        if (shown.kind === 'reference') return { ...shown, ids: referenceIds.get(shown.reference.resource) };
        return shown.kind === 'tags' && shown.reference ? { ...shown, ids: referenceIds.get(shown.reference.resource) } : shown;
      };
      if (!isBuiltInCell(kind)) {
        const cell = loadedCell(kind);
        return {
          key: column.field,
          title: header,
          width: column.width ?? cell?.width ?? columnWidth({ header, contentWidth: CUSTOM_WIDTH }),
          align: cell?.align,
          ...sorting,
          render: (_value: unknown, row: Row) => <CellContent view={view(row)} />,
        };
      }
      const marks = mark !== undefined && columnIndex === 0 && rows.some(mark.isMarked);
      const width = (column.width ?? columnWidth({ header, widestValue: widestValue(definition, column, field, locale, rows) })) + (marks ? markWidth(mark.label) : 0);
      if (SHRINKABLE.has(kind) && !marks) {
        const last = Math.min(width, columnWidth({ header }));
        floors.set(column.field, { floor: Math.max(last, Math.min(width, READABLE_FLOOR)), last });
      }
      return {
        key: column.field,
        title: header,
        width,
        ...sorting,
        // Amounts line up by their last digit.
        ...(kind === 'decimal' ? { align: 'right' as const } : {}),
        // One-line cells truncate with a tooltip (labels looked up by the cell too); slots keep their own layout.
        ellipsis: (TRUNCATED.has(kind) || kind === 'reference' || kind === 'dictionary') && !marks ? { showTitle: true } : false,
        render: (_value: unknown, row: Row) =>
          marks && mark.isMarked(row) ? (
            <span className="generic-mark">
              <CellContent view={view(row)} />
              <Tag color="blue" className="generic-mark__tag">
                {mark.label}
              </Tag>
            </span>
          ) : (
            <CellContent view={view(row)} />
          ),
      };
    }),
  ];

  const fitted = () => {
    const shown = arrange(columns);
    const widths = fitWidths(
      shown.map((c) => ({ width: Number(c.width ?? 0), ...(floors.get(String(c.key)) ?? { floor: Number(c.width ?? 0) }) })),
      available,
    );
    return shown.map((c, i) => ({ ...c, width: widths[i] }));
  };
  const buttons = Number(onShow !== undefined) + Number(access.canEdit) + Number(access.canDelete) + rowActions.length;
  if (buttons === 0) return fitted();
  const actionsTitle = t('resources.actions');
  columns.push({
    key: '__actions',
    title: actionsTitle,
    width: columnWidth({ header: actionsTitle, contentWidth: buttons * BUTTON_WIDTH + (buttons - 1) * BUTTON_GAP }),
    align: 'center',
    fixed: 'right',
    render: (_value, row) => (
      <Space size={4}>
        {onShow ? (
          <Tooltip title={t('buttons.show')}>
            <Button type="text" size="small" icon={<EyeOutlined />} aria-label={t('buttons.show')} onMouseEnter={onActionIntent} onFocus={onActionIntent} onClick={() => onShow(row)} />
          </Tooltip>
        ) : null}
        {access.canEdit ? (
          <Tooltip title={rowRefusal(definition, row, 'edit')?.[locale] ?? t('buttons.edit')}>
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label={t('buttons.edit')}
              disabled={rowRefusal(definition, row, 'edit') !== undefined}
              onMouseEnter={onActionIntent}
              onFocus={onActionIntent}
              onClick={() => onEdit(row)}
            />
          </Tooltip>
        ) : null}
        {access.canDelete ? <DeleteButton definition={definition} row={row} locale={locale} t={t} onIntent={onActionIntent} onDelete={onDelete} /> : null}
        {rowActions.map(({ action, entry }) => {
          const Icon = entry.icon;
          const label = action.label[locale];
          const prefetch = () => void entry.load();
          return (
            <Tooltip key={action.action} title={label}>
              <Button type="text" size="small" icon={<Icon />} aria-label={label} onMouseEnter={prefetch} onFocus={prefetch} onClick={() => onRowAction?.(row, action)} />
            </Tooltip>
          );
        })}
      </Space>
    ),
  });
  return fitted();
}

interface DeleteButtonProps {
  definition: ResourceDefinition;
  row: Row;
  locale: Locale;
  t: (key: string) => string;
  onIntent?: () => void;
  onDelete: (row: Row) => void;
}

/** Delete, or (a row that may not be deleted) the same place disabled, saying why. */
function DeleteButton({ definition, row, locale, t, onIntent, onDelete }: DeleteButtonProps) {
  const refusal = rowRefusal(definition, row, 'delete');
  const allowed = refusal === undefined;
  const label = t('buttons.delete');
  return (
    <Tooltip title={refusal === undefined ? label : refusal[locale]}>
      <Button
        type="text"
        size="small"
        danger
        icon={<DeleteOutlined />}
        aria-label={label}
        disabled={!allowed}
        onMouseEnter={onIntent}
        onFocus={onIntent}
        onClick={() => onDelete(row)}
      />
    </Tooltip>
  );
}
