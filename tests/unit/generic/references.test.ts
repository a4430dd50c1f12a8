import { describe, expect, it, vi } from 'vitest';
import { cellView } from '../../../resources/generic/cells';
import { widgetOf } from '../../../resources/generic/FieldControl';
import { searchFilters, searchFormFields } from '../../../resources/generic/filters';
import { keyScope, uniqueRule } from '../../../resources/generic/keyCheck';
import { pageReferenceIds, referenceLabel, referenceOf, referenceOptions } from '../../../resources/generic/references';
import { registeredRowActions, type DialogEntry } from '../../../resources/generic/rowActions';
import { roleResource } from '../../../resources/role/definition';
const role = roleResource;

const appRef = { resource: 'app', labelField: 'name' };

describe('reference fields', () => {
  it('offer the referenced records by id with their label (the id when the label is blank)', () => {
    const rows = [{ id: 1, name: '基础平台' }, { id: 2, name: '' }, { name: 'no id' }, { id: '3', name: 'CRM' }];
    expect(referenceOptions(rows, appRef)).toEqual([
      { value: 1, label: '基础平台' },
      { value: 2, label: '2' },
      { value: '3', label: 'CRM' },
    ]);
  });

  it('find a label by id, whether the id comes as a number or as text', () => {
    const options = [{ value: 1, label: '基础平台' }];
    expect(referenceLabel(options, 1)).toBe('基础平台');
    expect(referenceLabel(options, '1')).toBe('基础平台');
    expect(referenceLabel(options, 9)).toBeUndefined();
    expect(referenceLabel(options, null)).toBeUndefined();
  });

  it('show as a reference cell and a reference select by default, and -- when missing', () => {
    expect(referenceOf(role, 'appId')).toEqual(appRef);
    expect(referenceOf(role, 'name')).toBeUndefined();
    expect(cellView(role, { field: 'appId' }, 2, 'zh-CN')).toEqual({ kind: 'reference', reference: appRef, value: 2 });
    expect(cellView(role, { field: 'appId' }, null, 'zh-CN')).toEqual({ kind: 'empty' });
    const field = role.entity.fields.appId!;
    expect(widgetOf({ field: 'appId' }, field, appRef)).toBe('reference');
    expect(widgetOf({ field: 'roleType' }, role.entity.fields.roleType!)).toBe('select');
  });
});

describe('the ids a page references', () => {
  it('are gathered per referenced resource, once each, in one order, whatever the rows\' order', () => {
    const rows = [{ appId: 1150 }, { appId: 2 }, { appId: '700' }, { appId: 2 }, { appId: null }, { appId: ' ' }];
    expect(pageReferenceIds(role, role.columns, rows)).toEqual(new Map([['app', ['2', '700', '1150']]]));
    expect(pageReferenceIds(role, role.columns, [...rows].reverse())).toEqual(new Map([['app', ['2', '700', '1150']]]));
    expect(pageReferenceIds(role, [{ field: 'appId', cell: 'text' }], rows)).toEqual(new Map());
  });
});

describe('exact filters of the search form', () => {
  it('come first, then the searched fields', () => {
    expect(searchFormFields(role)).toEqual(['appId', 'roleKey', 'name']);
    expect(searchFormFields({ search: ['a', 'b'], filters: ['b'] })).toEqual(['b', 'a']);
  });

  it('match exactly; searched text still "contains"; blanks have no value, so their filter goes', () => {
    expect(searchFilters(role, { appId: 2, roleKey: ' adm ', name: '' })).toEqual([
      { field: 'appId', operator: 'eq', value: 2 },
      { field: 'roleKey', operator: 'contains', value: 'adm' },
      { field: 'name', operator: 'contains', value: undefined },
    ]);
    expect(searchFilters(role, { appId: undefined }).every((filter) => filter.value === undefined)).toBe(true);
  });
});

describe('a key unique within another field', () => {
  it('is checked with that field\'s value, and not at all before it is chosen', async () => {
    const values: Record<string, unknown> = { appId: 2 };
    expect(keyScope('appId', (f) => values[f])).toEqual({ appId: 2 });
    expect(keyScope(undefined, (f) => values[f])).toEqual({});
    expect(keyScope('appId', () => undefined)).toBeNull();
    expect(keyScope('appId', () => ' ')).toBeNull();

    const asked: unknown[][] = [];
    const isFree = async (...args: unknown[]) => {
      asked.push(args);
      return args[0] !== 'auditor';
    };
    let scope: ReturnType<typeof keyScope> = { appId: 1 };
    const rule = uniqueRule(isFree, 'key不可以重复', () => scope);
    await expect(rule.validator!({}, 'auditor', () => undefined)).rejects.toThrow('key不可以重复');
    expect(asked.at(-1)).toEqual(['auditor', { appId: 1 }]);
    scope = null;
    await expect(rule.validator!({}, 'auditor', () => undefined)).resolves.toBeUndefined();
    expect(asked).toHaveLength(1);
  });
});

describe('row actions', () => {
  it('are offered only when the dialog registry has their dialog', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const entry: DialogEntry = { load: async () => ({ default: () => null }), icon: () => null };
    const found = registeredRowActions(role, new Map([['roleFunctionInfo', entry]]));
    expect(found.map(({ action }) => action.action)).toEqual(['functionInfo']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"role:authorize" names the dialog "roleGrant"'));
    warn.mockRestore();
    expect(registeredRowActions({ name: 'param', rowActions: undefined }, undefined)).toEqual([]);
  });
});
