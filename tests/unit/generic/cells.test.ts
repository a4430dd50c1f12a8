import { describe, expect, it } from 'vitest';
import type { ColumnSpec } from '../../../resources/define';
import { cellKindOf, cellView } from '../../../resources/generic/cells';
import { showLines } from '../../../resources/generic/showItems';
import { findResource } from '../../../resources/registry';

const paramResource = findResource('param')!;
const appResource = findResource('app')!;

const column = (definition: { columns: readonly ColumnSpec[] }, field: string) => definition.columns.find((c) => c.field === field)!;

describe('list cells', () => {
  it('show the empty mark for missing values', () => {
    for (const value of [undefined, null, '', '  ']) {
      expect(cellView(paramResource, column(paramResource, 'remark'), value, 'zh-CN')).toEqual({ kind: 'empty' });
    }
    expect(cellView(paramResource, column(paramResource, 'sortNum'), 0, 'zh-CN')).toEqual({ kind: 'text', text: '0' });
  });

  it("show a choice as its option's label in the user's language", () => {
    expect(cellView(appResource, column(appResource, 'isEnable'), '0', 'zh-CN')).toEqual({ kind: 'text', text: '不显示' });
    expect(cellView(appResource, column(appResource, 'isEnable'), '1', 'en-US')).toEqual({ kind: 'text', text: 'Shown' });
    expect(cellView(appResource, column(appResource, 'isEnable'), '7', 'en-US')).toEqual({ kind: 'text', text: '7' });
  });

  it('show a dictionary-backed value as that dictionary\'s item (looked up by the cell)', () => {
    expect(cellView(appResource, column(appResource, 'businessType'), 3, 'zh-CN')).toEqual({ kind: 'dictionary', dicKey: 'business_type', value: '3' });
  });

  it('split spare values into param1..param3, a missing slot left without value', () => {
    expect(cellView(paramResource, column(paramResource, 'spareParam'), 'MB,,x', 'zh-CN')).toEqual({
      kind: 'slots',
      slots: [{ label: 'param1', value: 'MB' }, { label: 'param2' }, { label: 'param3', value: 'x' }],
    });
    expect(cellView(paramResource, column(paramResource, 'spareParam'), ',,', 'zh-CN')).toEqual({ kind: 'empty' });
  });
});

describe('timestamp columns', () => {
  it('show as a date and time, headed as created or updated, only in a definition with timestamps', () => {
    const withTimes = { ...appResource, columns: [{ field: 'updateTime' }], show: { items: [{ field: 'createTime' }, { field: 'updateTime' }] } };
    expect(cellKindOf(withTimes, { field: 'updateTime' })).toBe('time');
    expect(showLines(withTimes, { id: 1, createTime: null, updateTime: null }, 'en-US').map((line) => line.label)).toEqual(['Created', 'Updated']);
    expect(cellKindOf({ ...withTimes, timestamps: false }, { field: 'updateTime' })).toBe('text');
  });
});
