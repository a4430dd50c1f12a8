/**
 * Conflict detection, as data: which of a form's fields someone else changed since the dialog read
 * the record, their value beside the typed one as list cells show them; the version a save names and
 * a stale refusal's record read from the answer; a field called like the version refused at start.
 */
import { describe, expect, it } from 'vitest';
import { Code } from '../../../contract/codes';
import { staleCurrent, versionOf } from '../../../contract/recordVersion';
import { conflictLines } from '../../../resources/generic/conflict';
import { toFormValues } from '../../../resources/generic/formValues';
import { staleRecordOf } from '../../../resources/generic/useVersionedSave';
import { requiredText, text } from '../../../contract';
import { roleResource } from '../../../resources/role/definition';
import { findResource, resourceDefinitions } from '../../../resources/registry';
import { definitionProblems } from '../../../server/crud/definitionRules';

const param = findResource('param')!;
const READ = { id: 1, sortNum: 1, paramKey: 'site.name', value: 'Staff console', remark: null, spareParam: 'MB,,', version: 3 };

describe('the fields someone else changed', () => {
  it('lists only the form fields whose stored value moved, theirs beside the typed one, in the form’s order', () => {
    const current = { ...READ, value: 'Their console', spareParam: 'MB,GB,', version: 4 };
    const typed = { ...toFormValues(param, READ), value: 'My console' };
    const lines = conflictLines(param, READ, current, typed, 'zh-CN');
    expect(lines.map((line) => line.label)).toEqual(['值', '备用参数']);
    expect(lines[0]).toMatchObject({ theirs: { kind: 'text', text: 'Their console' }, mine: { kind: 'text', text: 'My console' } });
    // Spare values show as the list shows them: numbered slots.
    expect(lines[1]!.theirs).toEqual({ kind: 'slots', slots: [{ label: 'param1', value: 'MB' }, { label: 'param2', value: 'GB' }, { label: 'param3' }] });
  });

  it('lists nothing when their change touched no field of the form (a switch, a move)', () => {
    const item = findResource('dicItem')!;
    const read = { id: 9, name: '红', dicKey: 'red', sortNum: 1, openStatus: 1, parentId: 3, version: 1 };
    expect(conflictLines(item, read, { ...read, sortNum: 2, openStatus: 0, version: 3 }, toFormValues(item, read), 'en-US')).toEqual([]);
  });

  it('shows a choice by its option’s label, in the user’s language', () => {
    const read = { id: 2, sortNum: 1, roleKey: 'ops', name: '运营', appId: 1, isEnable: '1', description: null, roleType: 2, version: 1 };
    const [line] = conflictLines(roleResource, read, { ...read, isEnable: '0', version: 2 }, toFormValues(roleResource, read), 'en-US');
    expect(line).toMatchObject({ field: 'isEnable', label: 'Status', theirs: { kind: 'text', text: expect.any(String) } });
    expect(line!.theirs).not.toEqual(line!.mine);
  });
});

describe('versions in answers', () => {
  it('reads a whole version, as a number or digits, and nothing else', () => {
    expect(versionOf({ version: 3 })).toBe(3);
    expect(versionOf({ version: '12' })).toBe(12);
    for (const version of [undefined, null, -1, 1.5, 'x', '']) expect(versionOf({ version })).toBeUndefined();
    expect(versionOf(undefined)).toBeUndefined();
  });

  it('takes a stale refusal’s current record, and only from a 1012', () => {
    expect(staleCurrent({ current: READ })).toEqual(READ);
    expect(staleCurrent({ current: [READ] })).toBeUndefined();
    expect(staleRecordOf({ statusCode: Code.STALE_VERSION, data: { current: READ } })).toEqual(READ);
    expect(staleRecordOf({ statusCode: Code.CONFLICT, data: { current: READ } })).toBeUndefined();
  });

  it('refuses an editable resource with a field called like the version', () => {
    const withVersion = { ...param, entity: { ...param.entity, fields: { ...param.entity.fields, version: requiredText(text('版本', 'Version'), 10) } } };
    expect(definitionProblems(withVersion, resourceDefinitions)).toEqual([
      "Resource param: a field named version would be the server's record version (an editable resource's records carry it); rename the field",
    ]);
  });
});
