import { useTranslate } from '@refinedev/core';
import { Tag } from 'antd';
import type { Locale } from '../../contract/i18n';
import type { ReferenceSpec } from '../define';
import { useLocale } from '../../providers/locale';
import { loadedCell, useRegisteredCells } from './cellRegistry';
import type { CellView } from './cells';
import { labelled, type Change } from './changes';
import { useDictionary } from './useDictionary';
import { useReferenceLabels } from './useReferenceLabels';
import { useStoredNames } from './useStoredNames';

/**
 * The label of a referenced record, read with the page's other ids of that resource (`ids`);
 * nothing while they load, '--' when no record has the id (or the caller may not see it).
 */
function ReferenceCell({ reference, value, ids, empty }: { reference: ReferenceSpec; value: unknown; ids?: readonly string[]; empty: string }) {
  const { labels, isLoading } = useReferenceLabels(reference, ids ?? [String(value).trim()]);
  if (isLoading) return null;
  const label = labels.get(String(value).trim());
  return label === undefined ? <span className="generic-empty">{empty}</span> : <span className="generic-cell">{label}</span>;
}

/**
 * The text of a dictionary item (its label in the user's language for a seeded one), marked when
 * the item is switched off; the value itself, marked unknown, when no item has it (any more).
 */
function DictionaryCell({ dicKey, value }: { dicKey: string; value: string }) {
  const { describe } = useDictionary(dicKey);
  const shown = describe(value);
  if (!shown) return null;
  return <span className={shown.state === 'on' ? 'generic-cell' : 'generic-cell generic-cell--off'}>{shown.text}</span>;
}

/** Tags with their labels; an item switched off or unknown marked as the dictionary cell marks it. */
function TagList({ tags }: { tags: ReadonlyArray<{ value: string; label: string; isOff?: boolean }> }) {
  return (
    <span className="generic-tags">
      {tags.map((tag) => (
        <Tag key={tag.value} className={tag.isOff ? 'generic-cell--off' : undefined}>
          {tag.label}
        </Tag>
      ))}
    </span>
  );
}

/** A tags field of dictionary items: each item's label (nothing while the items load). */
function DictionaryTagsCell({ dicKey, values }: { dicKey: string; values: readonly string[] }) {
  const { describe } = useDictionary(dicKey);
  const shown = values.map((value) => ({ value, shown: describe(value) }));
  if (shown.some((tag) => tag.shown === undefined)) return null;
  return <TagList tags={shown.map(({ value, shown: tag }) => ({ value, label: tag!.text, isOff: tag!.state !== 'on' }))} />;
}

/** A tags field of records: each record's label, read with the page's other ids of that resource; the id when no record has it. */
function ReferenceTagsCell({ reference, values, ids }: { reference: ReferenceSpec; values: readonly string[]; ids?: readonly string[] }) {
  const { labels, isLoading } = useReferenceLabels(reference, ids ?? values);
  if (isLoading) return null;
  return <TagList tags={values.map((value) => ({ value, label: labels.get(value) ?? value }))} />;
}

function TagsCell({ view }: { view: Extract<CellView, { kind: 'tags' }> }) {
  if (view.dicKey !== undefined) return <DictionaryTagsCell dicKey={view.dicKey} values={view.values} />;
  if (view.reference) return <ReferenceTagsCell reference={view.reference} values={view.values} ids={view.ids} />;
  return <TagList tags={view.values.map((value) => ({ value, label: value }))} />;
}

/** A stored table's name, or a record's key in it, as people call them; as stored until the names load. */
function StoredNameCell({ table, recordKey }: { table: string; recordKey?: string }) {
  const names = useStoredNames();
  const locale = useLocale();
  const text = recordKey === undefined ? (names?.tableLabel(table, locale) ?? table) : (names?.recordKeyText(table, recordKey, locale) ?? recordKey);
  return <span className="generic-cell">{text}</span>;
}

/** The changed fields' names; the show view tabulates them before → after (./ChangesTable). */
function ChangesCell({ changes, table }: { changes: Change[]; table?: string }) {
  const names = useStoredNames();
  const locale = useLocale();
  const shown = names ? labelled(changes, table, locale, names.columnLabel) : changes;
  return <span className="generic-cell">{shown.map((change) => change.label).join(', ')}</span>;
}

/** A registered cell's rendering; nothing while its module loads, the name when none is registered. */
function CustomCell({ cell, value, row, locale }: { cell: string; value: unknown; row: Record<string, unknown>; locale: Locale }) {
  const isReady = useRegisteredCells([cell]);
  const found = loadedCell(cell);
  if (!isReady) return null;
  return found ? <>{found.render(value, { id: '', ...row }, locale)}</> : <span className="generic-cell">{String(value ?? '')}</span>;
}

/** Renders a list cell; missing values (and missing slots) show the empty mark '--'. */
export function CellContent({ view }: { view: CellView }) {
  const t = useTranslate();
  const locale = useLocale();
  const empty = t('common.empty');
  if (view.kind === 'custom') return <CustomCell cell={view.cell} value={view.value} row={view.row} locale={locale} />;
  if (view.kind === 'empty') return <span className="generic-empty">{empty}</span>;
  if (view.kind === 'text') return <span className="generic-cell" title={view.title}>{view.text}</span>;
  if (view.kind === 'changes') return <ChangesCell changes={view.changes} table={view.table} />;
  if (view.kind === 'stored') return <StoredNameCell table={view.table} recordKey={view.key} />;
  if (view.kind === 'reference') return <ReferenceCell reference={view.reference} value={view.value} ids={view.ids} empty={empty} />;
  if (view.kind === 'dictionary') return <DictionaryCell dicKey={view.dicKey} value={view.value} />;
  if (view.kind === 'tags') return <TagsCell view={view} />;
  return (
    <span className="generic-slots-cell">
      {view.slots.map((slot) => (
        <span key={slot.label} className="generic-slots-cell__slot" title={slot.value}>
          <span className="generic-slots-cell__label">{slot.label}:</span> {slot.value ?? empty}
        </span>
      ))}
    </span>
  );
}
