/**
 * Cells are named: a definition names a built-in kind or a module resources/cells/<name>.tsx.
 * Every shipped definition's names must resolve, and a computed column shows from the whole row.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { text } from '../../../contract/i18n';
import { BUILT_IN_CELLS, cellNamesOf, isBuiltInCell, type ResourceDefinition } from '../../../resources/define';
import { CellContent } from '../../../resources/generic/CellContent';
import { loadCell, registeredCellNames } from '../../../resources/generic/cellRegistry';
import { cellView } from '../../../resources/generic/cells';
import { showLines } from '../../../resources/generic/showItems';
import { findResource, resourceDefinitions } from '../../../resources/registry';
import { ConsoleProviders } from '../renderInConsole';

const unknownCells = (definition: Pick<ResourceDefinition, 'columns' | 'show'>) => cellNamesOf(definition).filter((name) => !isBuiltInCell(name) && !registeredCellNames().includes(name));

describe('the cell registry', () => {
  it('knows every cell the declared resources name, in their columns and show items', () => {
    for (const definition of resourceDefinitions) expect({ resource: definition.name, unknown: unknownCells(definition) }).toEqual({ resource: definition.name, unknown: [] });
  });

  it('finds a definition naming a cell no module registers', () => {
    const param = findResource('param')!;
    expect(unknownCells({ ...param, columns: [...param.columns, { field: 'value', cell: 'sparkline' }], show: { items: [{ key: 'x', label: text('甲', 'X'), cell: 'gauge' }] } })).toEqual(['sparkline', 'gauge']);
  });

  it('registers each cell under its file name, none shadowing a built-in kind', async () => {
    for (const name of registeredCellNames()) {
      expect(BUILT_IN_CELLS as readonly string[]).not.toContain(name);
      expect((await loadCell(name))?.name).toBe(name);
    }
  });
});

const lineTotal = { key: 'total', label: text('合计', 'Total'), cell: 'lineTotal' } as const;
const withTotal: ResourceDefinition = { ...findResource('param')!, columns: [{ field: 'paramKey' }, lineTotal], show: { items: [{ field: 'paramKey' }, lineTotal] } };

describe('a computed column', () => {
  it('renders its registered cell from the whole row', async () => {
    // 3 × ¥19.99 (1999 fen), multiplied in whole fen.
    const row = { id: 1, paramKey: 'k', quantity: 3, unitPrice: 1999 };
    render(
      <ConsoleProviders>
        <CellContent view={cellView(withTotal, lineTotal, undefined, 'zh-CN', row)} />
      </ConsoleProviders>,
    );
    expect(await screen.findByText('¥59.97')).toBeInTheDocument();
  });

  it('is a line of the show view, labelled as declared', () => {
    const lines = showLines(withTotal, { id: 1, paramKey: 'k', quantity: 2, unitPrice: 4 }, 'en-US');
    expect(lines.map((line) => line.label)).toEqual(['Key', 'Total']);
    expect(lines[1]).toMatchObject({ key: 'total', view: { kind: 'custom', cell: 'lineTotal', row: { quantity: 2, unitPrice: 4 } } });
  });
});
