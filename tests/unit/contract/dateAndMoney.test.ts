import { describe, expect, it } from 'vitest';
import { minorUnitsText, parseMinorUnits } from '../../../contract/decimal';
import { date, dateTime, decimal, MAX_INSTANT, money, optionalDate, optionalDateTime, optionalMoney, pastDate, type Field } from '../../../contract/fields';
import { text } from '../../../contract/i18n';
import { fieldSchema } from '../../../contract/schemas';

/** The value the rule keeps, or its first message. */
function check(field: Field, value: unknown, locale: 'zh-CN' | 'en-US' = 'zh-CN') {
  const result = fieldSchema(field, locale).safeParse(value);
  return result.success ? { value: result.data } : { error: result.error.issues[0]?.message };
}

describe('a date field', () => {
  const startsOn = date(text('开始日期', 'Starts on'));
  const until = optionalDate(text('截止日期', 'Until'), { min: '2024-01-01', max: '2024-12-31' });

  it('keeps a real day written YYYY-MM-DD, trimmed', () => {
    expect(check(startsOn, ' 2024-02-29 ')).toEqual({ value: '2024-02-29' });
  });

  it('refuses days that do not exist and other shapes', () => {
    expect(check(startsOn, '2001-02-29')).toEqual({ error: '开始日期日期格式不正确' });
    expect(check(startsOn, '2024-1-1', 'en-US')).toEqual({ error: 'Starts on must be a date (YYYY-MM-DD)' });
    expect(check(startsOn, '2024-01-01T00:00')).toEqual({ error: '开始日期日期格式不正确' });
    expect(check(startsOn, 20240101)).toEqual({ error: '开始日期的取值无效' });
  });

  it('requires a required day; an optional one may be empty', () => {
    expect(check(startsOn, '')).toEqual({ error: '开始日期不能为空' });
    expect(check(startsOn, null)).toEqual({ error: '开始日期不能为空' });
    expect(check(until, '')).toEqual({ value: undefined });
    expect(check(until, null)).toEqual({ value: undefined });
  });

  it('keeps within its bounds', () => {
    expect(check(until, '2024-01-01')).toEqual({ value: '2024-01-01' });
    expect(check(until, '2023-12-31')).toEqual({ error: '截止日期不能早于2024-01-01' });
    expect(check(until, '2025-01-01', 'en-US')).toEqual({ error: 'Until cannot be after 2024-12-31' });
  });

  it('stores as ten characters of text, which sort as the days do', () => {
    expect(startsOn).toMatchObject({ storage: 'text', maxLength: 10, required: true });
    expect(until.required).toBe(false);
  });

  it('pastDate is a date not after today, as before', () => {
    const birthday = pastDate(text('出生日期', 'Birthday'), () => '2024-03-01');
    expect(check(birthday, '2024-03-01')).toEqual({ value: '2024-03-01' });
    expect(check(birthday, '2024-03-02')).toEqual({ error: '出生日期不能晚于今天' });
    expect(check(date(text('日', 'Day'), { notAfterToday: true, today: () => '2024-03-01' }), '2024-03-02')).toEqual({ error: '日不能晚于今天' });
  });
});

describe('a date-time field', () => {
  const at = dateTime(text('开始时间', 'Starts at'));

  it('keeps an instant in epoch milliseconds, from a number or its digits', () => {
    expect(check(at, 1_700_000_000_000)).toEqual({ value: 1_700_000_000_000 });
    expect(check(at, '1700000000000')).toEqual({ value: 1_700_000_000_000 });
    expect(check(at, 0)).toEqual({ value: 0 });
    expect(check(at, MAX_INSTANT)).toEqual({ value: MAX_INSTANT });
  });

  it('refuses a fraction, a negative, a time past 9999 and text', () => {
    for (const value of [1.5, -1, MAX_INSTANT + 1, 'tomorrow', '2024-01-01', true]) {
      expect(check(at, value)).toEqual({ error: '开始时间须为1970年至9999年之间的时间' });
    }
    expect(check(at, -1, 'en-US')).toEqual({ error: 'Starts at must be a time from 1970 to 9999' });
  });

  it('requires a required one; an optional one may be empty', () => {
    expect(check(at, undefined)).toEqual({ error: '开始时间不能为空' });
    expect(check(optionalDateTime(text('结束时间', 'Ends at')), '')).toEqual({ value: undefined });
  });

  it('is stored as an integer', () => {
    expect(at.storage).toBe('integer');
  });
});

describe('exact decimals', () => {
  it('read typed text digit by digit: 19.99 is 1999 fen, not 19.99 * 100', () => {
    expect(19.99 * 100).not.toBe(1999);
    expect(parseMinorUnits('19.99', 2)).toBe(1999n);
    expect(parseMinorUnits('0.3', 2)).toBe(30n);
    expect(parseMinorUnits(String(0.1 + 0.2), 2)).toBe(30n);
    expect(parseMinorUnits('-0.05', 2)).toBe(-5n);
    expect(parseMinorUnits('1,234.5', 2)).toBe(123450n);
    expect(parseMinorUnits('0.995', 2)).toBe(100n);
    expect(parseMinorUnits('12', 0)).toBe(12n);
    for (const typed of ['', '.', 'abc', '1.2.3', '1e3']) expect(parseMinorUnits(typed, 2)).toBeUndefined();
  });

  it('write minor units back with exactly their decimals', () => {
    expect(minorUnitsText(1999, 2)).toBe('19.99');
    expect(minorUnitsText(5, 2)).toBe('0.05');
    expect(minorUnitsText(-5, 2)).toBe('-0.05');
    expect(minorUnitsText(1500, 3)).toBe('1.500');
    expect(minorUnitsText(Number.MAX_SAFE_INTEGER, 2)).toBe('90071992547409.91');
  });
});

describe('a money field', () => {
  const price = money(text('价格', 'Price'));

  it('keeps whole fen, given as a number or its digits', () => {
    expect(check(price, 1999)).toEqual({ value: 1999 });
    expect(check(price, '1999')).toEqual({ value: 1999 });
    expect(check(price, 0)).toEqual({ value: 0 });
    expect(check(price, Number.MAX_SAFE_INTEGER)).toEqual({ value: Number.MAX_SAFE_INTEGER });
  });

  it('refuses a fraction of a fen, a negative amount, one too large to hold and text', () => {
    expect(check(price, 19.99)).toEqual({ error: '价格最多保留2位小数' });
    expect(check(price, '19.999', 'en-US')).toEqual({ error: 'Price can have at most 2 decimals' });
    expect(check(price, -1)).toEqual({ error: '价格不能小于0.00' });
    expect(check(price, Number.MAX_SAFE_INTEGER + 1)).toEqual({ error: '价格不能大于90071992547409.91' });
    expect(check(price, '99999999999999999999')).toEqual({ error: '价格不能大于90071992547409.91' });
    expect(check(price, 'cheap')).toEqual({ error: '价格须为数字' });
    expect(check(price, Number.NaN)).toEqual({ error: '价格须为数字' });
  });

  it('requires a required amount; an optional one may be empty', () => {
    expect(check(price, '')).toEqual({ error: '价格不能为空' });
    expect(check(optionalMoney(text('折扣', 'Discount')), '')).toEqual({ value: undefined });
    expect(check(optionalMoney(text('折扣', 'Discount')), null)).toEqual({ value: undefined });
  });

  it('keeps within a declared maximum, given in yuan', () => {
    const capped = money(text('单价', 'Unit price'), { max: 100.5 });
    expect(check(capped, 10050)).toEqual({ value: 10050 });
    expect(check(capped, 10051, 'en-US')).toEqual({ error: 'Unit price cannot be more than 100.50' });
  });

  it('is stored as an integer count of fen, in yuan by default', () => {
    expect(price).toMatchObject({ storage: 'integer', rule: { kind: 'decimal', scale: 2, currency: 'CNY' } });
  });
});

describe('a decimal field', () => {
  it('counts minor units of its own scale, and may allow negatives', () => {
    const weight = decimal(text('重量', 'Weight'), { scale: 3, min: -1 });
    expect(check(weight, 1500)).toEqual({ value: 1500 });
    expect(check(weight, -1000)).toEqual({ value: -1000 });
    expect(check(weight, -1001)).toEqual({ error: '重量不能小于-1.000' });
  });

  it('refuses a declaration it cannot hold', () => {
    expect(() => decimal(text('x', 'x'), { scale: 2, max: 1e20 })).toThrow(/cannot be held/);
    expect(() => decimal(text('x', 'x'), { scale: 1.5 })).toThrow(/scale/);
    expect(() => date(text('x', 'x'), { min: '2024-13-01' })).toThrow(/YYYY-MM-DD/);
  });
});
