import { describe, expect, it } from 'vitest';
import { text } from '../../../contract/i18n';
import { isLookupKind, lookupComparison, lookupError, lookupPlaceholder, lookupValue } from '../../../contract/lookup';

const PHONE = text('手机号', 'Phone');

describe('whole-value lookups', () => {
  it('take a phone number only whole: its 11 digits, however spaced, with or without +86', () => {
    for (const typed of ['13800138000', '138 0013 8000', '138-0013-8000', '+86 138 0013 8000', '008613800138000']) expect(lookupValue('phone', typed), typed).toBe('13800138000');
    for (const typed of ['1380', '1380013800', '138001380001', '23800138000', '1380013800x']) expect(lookupValue('phone', typed), typed).toBeUndefined();
  });

  it('take an e-mail address only whole, trimmed and in lower case', () => {
    expect(lookupValue('email', '  He35@Mail.Example.CN ')).toBe('he35@mail.example.cn');
    for (const typed of ['he35', '@mail.example.cn', 'he35@', 'he35@mail', 'a b@example.com']) expect(lookupValue('email', typed), typed).toBeUndefined();
  });

  it('take an Alipay account as the phone or the address it is, and a QQ number as its digits', () => {
    expect(lookupValue('account', '139 1234 5678')).toBe('13912345678');
    expect(lookupValue('account', 'Li@Example.cn')).toBe('li@example.cn');
    expect(lookupValue('qq', '1037 1930')).toBe('10371930');
    expect(lookupValue('qq', '0123')).toBeUndefined();
    expect(lookupComparison('13912345678')).toBe('digits');
    expect(lookupComparison('li@example.cn')).toBe('address');
  });

  it('exist only for kinds a whole value can be typed for', () => {
    expect(['phone', 'email', 'account', 'qq'].every((kind) => isLookupKind(kind as never))).toBe(true);
    expect(['bankAccount', 'taxNumber', 'address', 'personName'].some((kind) => isLookupKind(kind as never))).toBe(false);
    expect(lookupValue('bankAccount', '6222021234567891234')).toBeUndefined();
  });

  it('say, in both languages, that a whole value is needed', () => {
    expect(lookupError('phone', '1380', PHONE, 'zh-CN')).toBe('手机号须为完整的 11 位手机号，部分号码不能查询');
    expect(lookupError('phone', '1380', PHONE, 'en-US')).toBe('Phone: enter the whole 11-digit number; part of a number cannot be looked up');
    expect(lookupError('phone', '13800138000', PHONE, 'zh-CN')).toBeUndefined();
    expect(lookupPlaceholder('email', 'zh-CN')).toBe('完整邮箱地址');
    expect(lookupPlaceholder('phone', 'en-US')).toBe('Whole phone number');
  });
});
