import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cellView, timeText } from '../../../resources/generic/cells';
import { ChangesTable } from '../../../resources/generic/ChangesTable';
import { CellContent } from '../../../resources/generic/CellContent';
import { labelled, parseChanges } from '../../../resources/generic/changes';
import { columnLabel } from '../../../resources/tableLabels';
import { searchFilters } from '../../../resources/generic/filters';
import { findResource } from '../../../resources/registry';
import { ConsoleProviders } from '../renderInConsole';

const auditLog = findResource('auditLog')!;
const changesColumn = auditLog.columns.find((c) => c.field === 'changes')!;

describe('an instant cell', () => {
  it('shows epoch milliseconds as the local date and time, and anything else as it is', () => {
    const at = new Date(2026, 10, 24, 9, 5, 7).getTime();
    expect(timeText(at)).toBe('2026-11-24 09:05:07');
    expect(timeText(String(at))).toBe('2026-11-24 09:05:07');
    expect(cellView(auditLog, { field: 'changedAt', cell: 'time' }, 'soon', 'zh-CN')).toEqual({ kind: 'text', text: 'soon' });
  });
});

describe('who wrote', () => {
  it('shows the name with the account’s code, and the name alone in a row written before codes were kept', () => {
    const byColumn = auditLog.columns.find((c) => c.field === 'userName')!;
    expect(cellView(auditLog, byColumn, '超级管理员', 'zh-CN', { userName: '超级管理员', userCode: 'atk_staff' })).toEqual({ kind: 'text', text: '超级管理员 (atk_staff)' });
    expect(cellView(auditLog, byColumn, '旧记录', 'zh-CN', { userName: '旧记录', userCode: null })).toEqual({ kind: 'text', text: '旧记录' });
  });
});

describe('a record of changes', () => {
  it('lists the changed fields of a declared resource by their labels, in the user’s language', async () => {
    const record = { tableName: 'param', changes: JSON.stringify({ param_key: [null, 'k'], value: ['a', 'b'] }) };
    const view = cellView(auditLog, changesColumn, record.changes, 'zh-CN', record);
    expect(view).toMatchObject({ kind: 'changes', table: 'param' });
    render(<ConsoleProviders><CellContent view={view} /></ConsoleProviders>);
    await screen.findByText('Key, 值');
    expect(labelled(parseChanges(record.changes, 'en-US'), 'param', 'en-US', columnLabel).map((c) => [c.label, c.before, c.after])).toEqual([
      ['Key', '', 'k'],
      ['Value', 'a', 'b'],
    ]);
  });

  it('keeps an unknown table’s column names, and shows nothing for text that is not a record of changes', () => {
    expect(labelled(parseChanges(JSON.stringify({ team_id: [1, 2] }), 'zh-CN'), 'no_such_table', 'zh-CN', columnLabel)).toEqual([{ column: 'team_id', label: 'team_id', before: '1', after: '2' }]);
    for (const broken of ['not json', '[1,2]', 'null', 42]) expect(parseChanges(broken, 'zh-CN')).toEqual([]);
    expect(cellView(auditLog, changesColumn, 'not json', 'zh-CN', {})).toEqual({ kind: 'empty' });
  });

  it('is tabulated before → after in the show view, with the staff table’s own labels', async () => {
    render(<ConsoleProviders><ChangesTable changes={parseChanges(JSON.stringify({ telephone: ['13800000000', '13900000000'], remark_x: [null, 'n'] }), 'zh-CN')} table="user" locale="zh-CN" /></ConsoleProviders>);
    await screen.findByText('手机号');
    const rows = screen.getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['字段', '变更前', '变更后']);
    expect(rows[1]!.textContent).toBe('手机号1380000000013900000000');
    expect(within(rows[2]!).getByRole('rowheader').textContent).toBe('remark_x');
  });
});

describe('a range in the search form', () => {
  it('is sent as its two bounds, an open end left out', () => {
    const from = { valueOf: () => 1_000 };
    // The call is an exact filter (its whole path): the log's filters are each an index's range.
    expect(searchFilters(auditLog, { changedAt: [from, null], route: ' /base/admin/param/saveOrUpdate ' }).filter((f) => 'field' in f && (f.field === 'changedAt' || f.field === 'route'))).toEqual([
      { field: 'route', operator: 'eq', value: '/base/admin/param/saveOrUpdate' },
      { field: 'changedAt', operator: 'gte', value: 1_000 },
      { field: 'changedAt', operator: 'lte', value: undefined },
    ]);
  });
});

