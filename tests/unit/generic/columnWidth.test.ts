import { describe, expect, it } from 'vitest';
import { CELL_PADDING, columnWidth, MAX_TEXT_COLUMN, MIN_COLUMN, textWidth } from '../../../resources/generic/columnWidth';
import { staffColumns } from '../../../resources/user/staffColumns';

describe('the column-width rule', () => {
  it('never cuts a header, in either language', () => {
    for (const header of ['关联角色', 'Linked roles', 'Department', 'Enabled', '操作']) {
      expect(columnWidth({ header, widestValue: 'x' })).toBeGreaterThanOrEqual(textWidth(header) + CELL_PADDING);
    }
  });

  it('widens to the widest value, but caps long text (the rest is an ellipsis)', () => {
    expect(columnWidth({ header: '姓名', widestValue: '欧阳一二三四' })).toBe(textWidth('欧阳一二三四') + CELL_PADDING);
    expect(columnWidth({ header: '地址', widestValue: '长'.repeat(100) })).toBe(MAX_TEXT_COLUMN);
    expect(columnWidth({ header: '#', contentWidth: 44 })).toBe(Math.max(MIN_COLUMN, 44 + CELL_PADDING));
  });

  it('pins the person list\'s switch and actions right, with ellipsis on long text and widths from the rule', () => {
    const t = (key: string) => ({ 'staff.column.enable': 'Enabled', 'staff.column.roles': 'Linked roles', 'resources.actions': 'Actions' })[key] ?? key;
    const columns = staffColumns({
      locale: 'en-US',
      t,
      page: 1,
      size: 10,
      granted: new Set(['enable', 'edit', 'resetPwd', 'delete']),
      switching: new Map(),
      onSwitch: () => undefined,
      onAction: () => undefined,
    });
    const byKey = new Map(columns.map((column) => [column.key, column]));
    expect(byKey.get('isEnable')?.fixed).toBe('right');
    expect(byKey.get('actions')?.fixed).toBe('right');
    expect(byKey.get('census')?.ellipsis).toBeTruthy();
    expect(byKey.get('roles')?.width).toBeGreaterThanOrEqual(textWidth('Linked roles') + CELL_PADDING);
    // What stays in view at 1280 px (sidebar 210 px, page padding): the pinned columns fit with room to spare.
    const pinned = Number(byKey.get('isEnable')?.width) + Number(byKey.get('actions')?.width);
    expect(pinned).toBeLessThan(1280 - 210 - 48 - 400);
  });
});
