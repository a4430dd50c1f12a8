import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { StaffDetail } from '../../../contract/entities/staff';
import { todayText } from '../../../contract/fields';
import { dateRule, formItemOf, newStaffValues, regionRule, staffFormValues, staffPayload, staffServerErrors } from '../../../resources/user/staffForm';
import { roleEndsRule } from '../../../resources/user/RoleEndsInput';
import { staffRecord } from './staffFixtures';

/** What an antd rule says about `value`: its message, or undefined when it passes. */
async function verdict(rule: { validator?: unknown }, value: unknown): Promise<string | undefined> {
  const validator = rule.validator as (rule: unknown, value: unknown) => Promise<void>;
  try {
    await validator({}, value);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

const detail: StaffDetail = { userCenter: staffRecord(), userExtend: null, roleIds: '1,2' };

describe('staff form values', () => {
  it('reads a detail into the form: region paths, dates, role ids, choices as their option values', () => {
    const values = staffFormValues({ ...detail, userCenter: { ...detail.userCenter, sex: '2' as never, officeId: null } });
    expect(values.censusRegion).toEqual(['330000', '330100', '330106']);
    expect(values.liveRegion).toEqual(['110000', '110100', '110101']);
    expect(dayjs.isDayjs(values.birthday) && values.birthday.format('YYYY-MM-DD')).toBe('1990-03-07');
    expect(values.roleIds).toEqual([1, 2]);
    expect(values.sex).toBe(2);
    expect(values.officeId).toBeUndefined();
    expect(values).not.toHaveProperty('censusCity');
  });

  it('starts a new employee enabled and without roles', () => {
    expect(newStaffValues()).toEqual({ isEnable: '1', roleIds: [] });
  });

  it('sends the record as userCenter with its regions split, dates as YYYY-MM-DD and roles comma-joined', () => {
    const payload = staffPayload({ ...staffFormValues(detail), name: '  张三 ', position: '', roleIds: [3, 1] }, 7);
    expect(payload.roleIds).toBe('3,1');
    expect(payload.userCenter).toEqual({ ...staffRecord(), id: 7, name: '张三', position: null });
  });

  it('clears the levels below a shorter region choice', () => {
    const values = staffFormValues(detail);
    const provinceOnly = staffPayload({ ...values, censusRegion: ['440000'] }).userCenter;
    expect([provinceOnly.censusProvince, provinceOnly.censusCity, provinceOnly.censusArea]).toEqual(['440000', null, null]);
    const cityOnly = staffPayload({ ...values, liveRegion: ['440000', '440300'] }).userCenter;
    expect([cityOnly.liveProvince, cityOnly.liveCity, cityOnly.liveArea]).toEqual(['440000', '440300', null]);
  });
});

describe('staff form rules', () => {
  it('refuses a region path short of three levels with the missing field’s own message', async () => {
    const census = regionRule('censusRegion', 'zh-CN');
    expect(await verdict(census, undefined)).toBe('户籍所在省不能为空');
    expect(await verdict(census, ['330000'])).toBe('户籍所在市不能为空');
    expect(await verdict(census, ['330000', '330100'])).toBe('户籍所在区县不能为空');
    expect(await verdict(census, ['330000', '330100', '330106'])).toBeUndefined();
    expect(await verdict(regionRule('liveRegion', 'en-US'), ['110000'])).toBe('Residence city is required');
  });

  it('checks a picked date with the contract: not after today', async () => {
    const birthday = dateRule('birthday', 'zh-CN');
    expect(await verdict(birthday, dayjs(todayText()))).toBeUndefined();
    expect(await verdict(birthday, dayjs().add(1, 'day'))).toBe('出生日期不能晚于今天');
    expect(await verdict(birthday, null)).toBe('出生日期不能为空');
    expect(await verdict(dateRule('graduatedTime', 'en-US'), dayjs().add(1, 'year'))).toBe('Graduation date cannot be after today');
  });
});

describe('server field errors', () => {
  it('places region fields on their picker and strips the userCenter prefix', () => {
    expect(formItemOf('liveArea')).toBe('liveRegion');
    expect(formItemOf('userCenter.telephone')).toBe('telephone');
    const errors = staffServerErrors({ message: 'x', statusCode: 1001, errors: { censusCity: '户籍所在市不存在', code: '员工编号不可以重复', nope: 'ignored' } });
    expect(errors).toEqual([
      { name: 'censusRegion', errors: ['户籍所在市不存在'] },
      { name: 'code', errors: ['员工编号不可以重复'] },
    ]);
  });
});

describe('role ends in the staff form', () => {
  it('reads each link\'s end as a date and sends every chosen role\'s end, null for none', () => {
    const end = Date.now() + 86_400_000;
    const values = staffFormValues({ ...detail, roleEnds: { 1: end, 2: null } });
    expect(values.roleEnds?.['1']?.valueOf()).toBe(end);
    expect(values.roleEnds?.['2']).toBeNull();
    // Role 2 dropped, role 3 added without an end.
    expect(staffPayload({ ...values, roleIds: [1, 3] }, 7).roleEnds).toEqual({ 1: end, 3: null });
  });

  it('refuses an end that is not later than now, with the contract\'s message', async () => {
    const rule = roleEndsRule('en-US', () => [1, 2]);
    expect(await verdict(rule, { 1: dayjs().subtract(1, 'minute'), 2: null })).toBe('The end must be later than now');
    expect(await verdict(rule, { 1: dayjs().add(1, 'hour') })).toBeUndefined();
    // An end kept in the form for a role no longer chosen says nothing.
    expect(await verdict(roleEndsRule('en-US', () => [2]), { 1: dayjs().subtract(1, 'minute') })).toBeUndefined();
  });
});
