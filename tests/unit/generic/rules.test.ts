import { afterEach, describe, expect, it, vi } from 'vitest';
import { appEntity } from '../../../contract/entities/app';
import { paramEntity } from '../../../contract/entities/param';
import { debounceKeyCheck, isFreeAnswer, uniqueRule } from '../../../resources/generic/keyCheck';
import { contractRule, fieldError } from '../../../resources/generic/rules';
import { serverFieldErrors } from '../../../resources/generic/serverErrors';
import { joinedSlots } from '../../../resources/generic/formValues';

async function validate(rule: ReturnType<typeof contractRule>, value: unknown): Promise<string | undefined> {
  try {
    await rule.validator!({}, value, () => undefined);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

afterEach(() => vi.useRealTimers());

describe('form rules from the contract', () => {
  it("answer the field's own message in the user's language", async () => {
    const key = paramEntity.fields.paramKey;
    expect(await validate(contractRule(key, 'zh-CN'), 'k'.repeat(51))).toBe('Key长度不能超过50个字符');
    expect(await validate(contractRule(key, 'en-US'), 'k'.repeat(51))).toBe('Key must be at most 50 characters');
    expect(await validate(contractRule(key, 'zh-CN'), '')).toBe('Key不能为空');
    expect(await validate(contractRule(key, 'zh-CN'), 'k'.repeat(50))).toBeUndefined();
  });

  it('refuse a sub-system address that is not an http(s) URL or a path of the site, as the server does', async () => {
    const address = contractRule(appEntity.fields.address, 'en-US');
    for (const good of ['/', '/crm/', 'https://crm.example.com', 'http://10.1.2.3:8080/a?b=c#d']) expect(await validate(address, good), good).toBeUndefined();
    for (const bad of ['javascript:alert(1)', ' javascript:alert(1)', 'data:text/html,x', '//evil.example', '/\\evil.example', '/\t/evil.example', 'http:evil', 'crm.example.com']) {
      expect(await validate(address, bad), bad).toBe('Address must be an http(s) URL or a path starting with /');
    }
  });

  it('check spare values after joining them', async () => {
    const spare = contractRule(paramEntity.fields.spareParam, 'zh-CN', joinedSlots);
    expect(await validate(spare, ['a', '', 'b'])).toBeUndefined();
    expect(await validate(spare, ['a', 'x'.repeat(51), ''])).toBe('备用参数长度为1到50个字符');
    expect(await validate(spare, ['a,b', 'c', 'd'])).toBe('备用参数不能包含逗号');
    expect(fieldError(paramEntity.fields.sortNum, 'en-US', 'abc')).toBe('Sort number must contain digits only');
  });

  it('refuse a key the server reports as taken, with the entity\'s duplicate text', async () => {
    const rule = uniqueRule(async (value) => value !== 'site.name', 'key值不可以重复');
    expect(await validate(rule, 'site.name')).toBe('key值不可以重复');
    expect(await validate(rule, 'other')).toBeUndefined();
    expect(await validate(rule, '')).toBeUndefined();
  });
});

describe('key check', () => {
  it('asks the server once the user pauses; earlier calls pass at once', async () => {
    vi.useFakeTimers();
    const check = vi.fn(async (value: string) => value !== 'taken');
    const debounced = debounceKeyCheck(check, 400);
    const first = debounced('tak');
    const second = debounced('taken');
    await expect(first).resolves.toBe(true);
    expect(check).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(400);
    await expect(second).resolves.toBe(false);
    expect(check).toHaveBeenCalledTimes(1);
    expect(check).toHaveBeenCalledWith('taken');
  });

  it('lets the value pass when the check call fails (the server checks again on save)', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const debounced = debounceKeyCheck(() => Promise.reject(new Error('offline')), 10);
    const answer = debounced('x');
    await vi.advanceTimersByTimeAsync(10);
    await expect(answer).resolves.toBe(true);
  });

  it('reads `data: true` as free', () => {
    expect([true, 'true', false, null, undefined].map(isFreeAnswer)).toEqual([true, true, false, false, false]);
  });
});

describe('server field errors', () => {
  it("put the server's per-field messages under the form's fields", () => {
    const error = { message: 'key值不可以重复', statusCode: 1005, errors: { paramKey: 'key值不可以重复', other: 'x', value: ['a', 'b'], remark: { key: 'k', message: 'm' } } };
    expect(serverFieldErrors(error, ['paramKey', 'value', 'remark'])).toEqual([
      { name: 'paramKey', errors: ['key值不可以重复'] },
      { name: 'value', errors: ['a', 'b'] },
      { name: 'remark', errors: ['m'] },
    ]);
    expect(serverFieldErrors(new Error('x'), ['paramKey'])).toEqual([]);
  });
});
