/** The search forms' rule is the server's (contract/search.ts): same bound, same message, control characters dropped. */
import { describe, expect, it } from 'vitest';
import { appEntity } from '../../../contract/entities/app';
import { paramEntity } from '../../../contract/entities/param';
import { staffEntity } from '../../../contract/entities/staff';
import { searchLimit, searchText } from '../../../contract/search';
import { fieldError } from '../../../resources/generic/rules';
import { searchRule } from '../../../resources/generic/searchRule';

async function validate(rule: ReturnType<typeof searchRule>, value: unknown): Promise<string | undefined> {
  try {
    await rule.validator!({}, value, () => undefined);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('the search rule', () => {
  it('refuses a text longer than its field holds, in the user’s language, and takes the longest one', async () => {
    const name = staffEntity.fields.name;
    expect(await validate(searchRule(searchLimit(name), name.label, 'zh-CN'), '张'.repeat(21))).toBe('姓名长度不能超过20个字符');
    expect(await validate(searchRule(searchLimit(name), name.label, 'en-US'), '张'.repeat(21))).toBe('Name must be at most 20 characters');
    expect(await validate(searchRule(searchLimit(name), name.label, 'zh-CN'), ` ${'张'.repeat(20)} `)).toBeUndefined();
    const remark = paramEntity.fields.remark;
    expect(await validate(searchRule(searchLimit(remark), remark.label, 'zh-CN'), 'x'.repeat(100_000))).toBe('备注长度不能超过500个字符');
  });

  it('does not count control characters, which the search drops', async () => {
    const name = staffEntity.fields.name;
    expect(searchText('\u0000欧阳\u0007修\u007f ')).toBe('欧阳修');
    expect(searchText('\u0000 \u0001')).toBeUndefined();
    expect(await validate(searchRule(searchLimit(name), name.label, 'zh-CN'), `${'张'.repeat(20)}\u0000`)).toBeUndefined();
  });

  it('bounds a number field by its digits and a phone by its 11 characters', () => {
    expect(searchLimit(appEntity.fields.sort)).toBe(10);
    expect(searchLimit(staffEntity.fields.telephone)).toBe(11);
  });
});

describe('text rules', () => {
  it('refuse control characters other than tab and line breaks, and an object in place of a choice', () => {
    expect(fieldError(paramEntity.fields.paramKey, 'zh-CN', 'a\u0000b')).toBe('Key不能包含控制字符');
    expect(fieldError(paramEntity.fields.remark, 'en-US', 'a\u001bb')).toBe('Remark cannot contain control characters');
    expect(fieldError(paramEntity.fields.remark, 'zh-CN', 'line one\r\n\tline two')).toBeUndefined();
    expect(fieldError(appEntity.fields.isEnable, 'zh-CN', { toString: 1 })).toBe('工作台显示的取值无效');
  });
});
