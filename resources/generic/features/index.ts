/**
 * The console features the generic screens compose (./feature.ts), and how a screen asks them.
 * Order matters where two answer the same question: the first refusal is the one shown (a
 * read-only row says so rather than that it may not be deleted).
 */
import type { BaseKey } from '@refinedev/core';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import type { Locale, Text } from '../../../contract/i18n';
import type { CellName, ResourceDefinition } from '../../define';
import type { Row } from '../rowTypes';
import type { ShowLine } from '../showItems';
import { deletableFeature } from './deletable';
import type { ConsoleFeature, FeatureCell, FieldRules, FormFieldContext, RowChange, RowMark, ShowPart } from './feature';
import { fixedWhileUsedFeature } from './fixedWhileUsed';
import { keyCheckFeature } from './keyCheck';
import { marksOwnFeature } from './marksOwn';
import { orderFeature } from './order';
import { privacyFeature } from './privacy';
import { readOnlyRowsFeature } from './readOnlyRows';
import { regionsFeature } from './regions';

export const consoleFeatures: readonly ConsoleFeature[] = [
  readOnlyRowsFeature,
  deletableFeature,
  orderFeature,
  marksOwnFeature,
  fixedWhileUsedFeature,
  keyCheckFeature,
  privacyFeature,
  regionsFeature,
];

/** The features whose key `definition` sets. */
function featuresOf(definition: ResourceDefinition): ConsoleFeature[] {
  return consoleFeatures.filter((feature) => definition[feature.key] !== undefined);
}

/** Why the list offers no `change` of `row` (a disabled button's tooltip); undefined when it does. */
export function rowRefusal(definition: ResourceDefinition, row: Row, change: RowChange): Text | undefined {
  for (const feature of featuresOf(definition)) {
    const refusal = feature.refusal?.(definition, row, change);
    if (refusal) return refusal;
  }
  return undefined;
}

/** The cell a feature draws for `cell` in this resource's lists, if one does. */
export function featureCell(definition: ResourceDefinition, cell: CellName): FeatureCell | undefined {
  return featuresOf(definition).find((feature) => feature.cells?.[cell])?.cells?.[cell];
}

/** Why the edit form shows `field` read-only for the loaded `record`; undefined when it may change. */
export function fieldLock(definition: ResourceDefinition, field: string, record: Readonly<Record<string, unknown>> | undefined): Text | undefined {
  for (const feature of featuresOf(definition)) {
    const lock = feature.fieldLock?.(definition, field, record);
    if (lock) return lock;
  }
  return undefined;
}

/** Draws a show line no built-in cell draws (undefined: the line's own view). */
export function featureShowLine(definition: ResourceDefinition, line: ShowLine, locale: Locale): ReactNode | undefined {
  for (const feature of featuresOf(definition)) {
    const content = feature.showLine?.(line, locale);
    if (content !== undefined) return content;
  }
  return undefined;
}

// The hooks below call each feature's hook on every render, in the list's fixed order.

/** The rows of a list a feature marks (the first that marks any). */
export function useRowMark(definition: ResourceDefinition): RowMark | undefined {
  return consoleFeatures.map((feature) => feature.useRowMark?.(definition)).find((mark) => mark !== undefined);
}

/** The rules features add to a form field, with the fields they read. */
export function useFieldRules(definition: ResourceDefinition): (field: FormFieldContext) => FieldRules {
  const parts = consoleFeatures.map((feature) => feature.useFieldRules?.(definition));
  return (field) => {
    const found = parts.flatMap((rulesOf) => (rulesOf ? [rulesOf(field)] : [])).filter((rules) => rules !== undefined);
    return { rules: found.flatMap((f) => f.rules), dependencies: found.flatMap((f) => f.dependencies) };
  };
}

/** What the features add to the show view of record `id`. */
export function useShowParts(definition: ResourceDefinition, id: BaseKey): ShowPart[] {
  return consoleFeatures.flatMap((feature) => (feature.useShow ? [feature.useShow(definition, id)] : []));
}

/** The columns features add to a related list of a show view. */
export function useRelatedColumns(related: ResourceDefinition, grants: ReadonlySet<string>, replace: (row: Row) => void): ColumnType<Row>[] {
  return consoleFeatures.flatMap((feature) => {
    const column = feature.useRelatedColumn?.(related, grants, replace);
    return column ? [column] : [];
  });
}
