/**
 * A cell registered by name: a module resources/cells/<name>.tsx whose default export is
 * `defineCell({ name, render })`. Definitions name it as data (`cell: '<name>'`); the console
 * finds the module by its file name (./cellRegistry.ts) and loads it with the first list naming it.
 */
import type { ReactNode } from 'react';
import type { Locale } from '../../contract/i18n';
import type { Row } from './rowTypes';

export interface CellDefinition {
  /** The name definitions use; the file is named after it. */
  name: string;
  /**
   * What the cell shows. `value` is the column's stored value (undefined for a computed column),
   * `row` the whole row. A field's missing value never reaches it: it shows the empty mark.
   */
  render: (value: unknown, row: Row, locale: Locale) => ReactNode;
  align?: 'left' | 'center' | 'right';
  /** The column's width in pixels, unless the definition gives one. */
  width?: number;
}

export function defineCell(cell: CellDefinition): CellDefinition {
  return cell;
}
