/**
 * A console feature: what one family key of a definition (`privacy`, `order`, `readOnlyRows` …)
 * adds to the generic screens, which name no feature themselves and ask the composed list
 * (./index.ts) through the slots below. Plain slots are asked only where the key is set; a hook
 * slot runs for every resource (hooks may not be skipped) and gives nothing where it is unset.
 */
import type { Rule } from 'antd/es/form';
import type { ColumnType } from 'antd/es/table';
import type { BaseKey } from '@refinedev/core';
import type { ReactNode } from 'react';
import type { Locale, Text } from '../../../contract/i18n';
import type { CellName, ResourceDefinition } from '../../define';
import type { Row } from '../rowTypes';
import type { ShowLine } from '../showItems';

/** A row change the list offers per row (its buttons and acting cells). */
export type RowChange = 'edit' | 'delete';

/** A list cell a feature draws for a cell kind (the order's arrows). */
export interface FeatureCell {
  /** The width of its content (the header may widen the column). */
  contentWidth: number;
  render(props: { definition: ResourceDefinition; row: Row; index: number; rowCount: number; canEdit: boolean }): ReactNode;
}

/** Rows marked beside their first column's text (the signed-in user's own). */
export interface RowMark {
  isMarked: (row: Row) => boolean;
  label: string;
}

/** A form field as a feature's rules see it. */
export interface FormFieldContext {
  field: string;
  action: 'create' | 'edit';
  /** The edited record's id (a check may exclude it). */
  id: BaseKey | undefined;
  locale: Locale;
  /** Fixed once created: the form shows it read-only. */
  isFixed: boolean;
}

/** Rules a field gets beyond the contract's, and the other fields they read (re-checked when those change). */
export interface FieldRules {
  rules: Rule[];
  dependencies: readonly string[];
}

/** What a feature adds to the show view of one record. */
export interface ShowPart {
  /** The record to show in place of the loaded one (an unmasked answer). */
  record?: Row;
  /** Buttons in the drawer's header. */
  actions?: ReactNode;
  /** A warning above the fields (what the replaced record is). */
  notice?: string;
  /** Grants beyond `list` the caller holds on the resource: related lists `grantedBy` one of them show. */
  grants?: readonly string[];
}

export interface ConsoleFeature {
  /** The definition key that turns it on. */
  key: keyof ResourceDefinition;
  /** Why the list offers no `change` of a row (the disabled button's tooltip); undefined: it does. */
  refusal?(definition: ResourceDefinition, row: Row, change: RowChange): Text | undefined;
  /** Cells it draws, by the cell name columns give. */
  cells?: Partial<Record<CellName, FeatureCell>>;
  /** Hook: the rows of a list to mark. */
  useRowMark?(definition: ResourceDefinition): RowMark | undefined;
  /** Why the edit form shows `field` read-only for the loaded record; undefined: it may change. */
  fieldLock?(definition: ResourceDefinition, field: string, record: Readonly<Record<string, unknown>> | undefined): Text | undefined;
  /** Hook: the rules it adds to a form's fields. */
  useFieldRules?(definition: ResourceDefinition): ((field: FormFieldContext) => FieldRules | undefined) | undefined;
  /** Hook: what it adds to the show view of record `id`. */
  useShow?(definition: ResourceDefinition, id: BaseKey): ShowPart;
  /**
   * Hook: a column of a related list in a show view, given the grants the caller holds on the master;
   * `replace` shows a row as the feature fetched it.
   */
  useRelatedColumn?(related: ResourceDefinition, grants: ReadonlySet<string>, replace: (row: Row) => void): ColumnType<Row> | undefined;
  /** Draws a show line the built-in cells do not; undefined for the others. */
  showLine?(line: ShowLine, locale: Locale): ReactNode | undefined;
}
