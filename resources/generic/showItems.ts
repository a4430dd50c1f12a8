/**
 * What a show view lists, as data: its declared items (or the list's columns), each with its
 * label and how its value shows (the list cell's rules: options, references, dictionaries, '--').
 */
import type { Locale, Text } from '../../contract/i18n';
import { fieldLabelOf, isComputed, type ResourceDefinition } from '../define';
import { cellView, type CellView } from './cells';
import type { Row } from './rowTypes';

export type ShowLine =
  | { key: string; label: string; view: CellView }
  | { key: string; label: string; region: readonly [unknown, unknown, unknown] };

export function showLines(definition: ResourceDefinition, record: Row, locale: Locale): ShowLine[] {
  const items = definition.show?.items ?? definition.columns;
  return items.map((item) => {
    if ('region' in item) {
      const [province, city, area] = item.region;
      return { key: item.region.join('-'), label: (item.label as Text)[locale], region: [record[province], record[city], record[area]] as const };
    }
    if (isComputed(item)) return { key: item.key, label: item.label[locale], view: cellView(definition, item, undefined, locale, record) };
    const label = fieldLabelOf(definition, item.field)?.[locale] ?? item.field;
    return { key: item.field, label, view: cellView(definition, { field: item.field, cell: item.cell, suffix: item.suffix, of: item.of, shownAs: item.shownAs }, record[item.field], locale, record) };
  });
}
