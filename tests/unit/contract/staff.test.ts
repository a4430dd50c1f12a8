/** The staff and organisation rules of the contract: what the dialog shows and the server refuses. */
import { describe, expect, it } from 'vitest';
import { idCardCheckCharacter, isCalendarDate, pastDate, todayText } from '../../../contract/fields';
import { text } from '../../../contract/i18n';
import { NATIONS, staffEntity } from '../../../contract/entities/staff';
import { officeParentError } from '../../../contract/entities/office';
import { validateEntity } from '../../../contract/validation';
import { fieldSchema } from '../../../contract/schemas';

const fields = staffEntity.fields;
const errorOf = (field: keyof typeof fields, value: unknown, locale: 'zh-CN' | 'en-US' = 'zh-CN') => {
  const result = fieldSchema(fields[field], locale).safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('mobile phone', () => {
  it.each(['13800138000', '14512345678', '15912345678', '17712345678', '18612345678', '19912345678'])('accepts %s', (phone) => {
    expect(errorOf('telephone', phone)).toBeUndefined();
  });

  it.each(['12345678901', '16612345678', '10012345678', '1381234567', '138123456789', '1381234567a', '+8613812345678'])('refuses %s with 手机号格式不对', (phone) => {
    expect(errorOf('telephone', phone)).toBe('手机号格式不对');
  });

  it('asks for it when empty, in both languages', () => {
    expect(errorOf('telephone', '')).toBe('手机号不能为空');
    expect(errorOf('telephone', undefined, 'en-US')).toBe('Mobile phone is required');
  });

  it('applies to the emergency contact phone too', () => {
    expect(errorOf('crashPhone', '12345678901')).toBe('紧急联系人电话格式不对');
  });
});

describe('ID card', () => {
  it('computes the GB 11643 check character', () => {
    expect(idCardCheckCharacter('11010519491231002')).toBe('X');
    expect(idCardCheckCharacter('44052418800101001')).toBe('4');
  });

  it.each(['11010519491231002X', '11010519491231002x', '440524188001010014', '110105491231002'])('accepts %s', (card) => {
    expect(errorOf('card', card)).toBeUndefined();
  });

  it('refuses an 18-digit number whose check character is wrong', () => {
    expect(errorOf('card', '110105194912310021')).toBe('身份证号校验位不正确');
    expect(errorOf('card', '440524188001010015', 'en-US')).toBe('ID card number has a wrong check digit');
  });

  it.each(['1101051949123100', '11010519491231002Y', 'X10105194912310021', '11010549123100X', ''])('refuses the shape of %j', (card) => {
    expect(errorOf('card', card)).toMatch(/^身份证号(格式不正确|不能为空)$/);
  });
});

describe('email', () => {
  it.each(['a@b.cn', 'first.last@example.com', 'x_y+z@mail.example.org'])('accepts %s', (email) => {
    expect(errorOf('email', email)).toBeUndefined();
  });

  it('needs 6 to 32 characters', () => {
    expect(errorOf('email', 'a@b.c')).toBe('邮箱长度为6到32个字符');
    expect(errorOf('email', `${'a'.repeat(21)}@example.com`)).toBe('邮箱长度为6到32个字符');
  });

  it.each(['plainaddress', 'no-at.example.com', 'abc@defg', 'a b@example.com', 'a@@example.com'])('refuses %s', (email) => {
    expect(errorOf('email', email)).toBe('邮箱格式不正确');
  });
});

describe('dates not after today', () => {
  const birthday = pastDate(text('出生日期', 'Birthday'), () => '2024-03-01');
  const check = (value: string) => {
    const result = fieldSchema(birthday, 'zh-CN').safeParse(value);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  it('accepts a leap day in a leap year and refuses it in other years', () => {
    expect(check('2000-02-29')).toBeUndefined();
    expect(check('2024-02-29')).toBeUndefined();
    expect(check('2001-02-29')).toBe('出生日期日期格式不正确');
    expect(check('1900-02-29')).toBe('出生日期日期格式不正确');
    expect(isCalendarDate('2023-04-31')).toBe(false);
  });

  it('accepts today and refuses tomorrow', () => {
    expect(check('2024-03-01')).toBeUndefined();
    expect(check('2024-03-02')).toBe('出生日期不能晚于今天');
  });

  it('refuses other shapes', () => {
    expect(check('2024/03/01')).toBe('出生日期日期格式不正确');
    expect(check('20240301')).toBe('出生日期日期格式不正确');
  });

  it('reads today from the local calendar', () => {
    expect(todayText(new Date(2024, 0, 5, 23, 59))).toBe('2024-01-05');
    expect(errorOf('graduatedTime', todayText())).toBeUndefined();
  });
});

describe('choices', () => {
  it('lists the 56 ethnic groups with two-digit codes', () => {
    expect(NATIONS).toHaveLength(56);
    expect(new Set(NATIONS.map((n) => n.value)).size).toBe(56);
    expect(NATIONS[0]).toEqual({ value: '01', label: { 'zh-CN': '汉族', 'en-US': 'Han' } });
    expect(NATIONS[55]?.label['zh-CN']).toBe('基诺族');
  });

  it('refuses values outside sex, nation, marriage status and education', () => {
    expect(errorOf('sex', 3)).toBe('性别的取值无效');
    expect(errorOf('nation', '57')).toBe('民族的取值无效');
    expect(errorOf('marriageStatus', 5)).toBe('婚姻状况的取值无效');
    expect(errorOf('education', 8)).toBe('学历的取值无效');
    expect(errorOf('education', '')).toBe('请选择学历');
  });
});

describe('employee code', () => {
  it('is a login name: letters, digits, _ . - and at most 20 characters', () => {
    expect(errorOf('code', 'e1001')).toBeUndefined();
    expect(errorOf('code', '张三')).toBe('员工编号只能包含字母、数字、_ . -');
    expect(errorOf('code', 'a'.repeat(21))).toBe('员工编号长度不能超过20个字符');
  });
});

describe('a whole staff record', () => {
  it('names every missing required field, position and grade included, and leaves the department optional', () => {
    const result = validateEntity(staffEntity, {});
    expect(result.ok).toBe(false);
    const missing = result.ok ? [] : Object.keys(result.fields).sort();
    const optional = ['officeId'];
    expect(missing).toEqual(Object.keys(fields).filter((f) => !optional.includes(f)).sort());
  });
});

describe('organisation', () => {
  it('needs a parent for a group, none for a department', () => {
    expect(officeParentError({ type: 2, parentId: 0 }, 'zh-CN')).toBe('请选择上级组织');
    expect(officeParentError({ type: 2, parentId: undefined }, 'en-US')).toBe('Please choose Parent organisation');
    expect(officeParentError({ type: 2, parentId: 4 }, 'zh-CN')).toBeUndefined();
    expect(officeParentError({ type: 1, parentId: 0 }, 'zh-CN')).toBeUndefined();
  });
});
