import { describe, expect, it } from 'vitest';
import { cellText, censusText, endText, officeOptions, roleText, sexLabel, staffFilters, staffListBody } from '../../../resources/user/staffList';
import { flatOfficeOptions } from '../../../resources/user/UserSearchForm';
import { offices } from './staffFixtures';

describe('person list helpers', () => {
  it('sends only the filters given, trimmed, with the roles comma-joined', () => {
    expect(staffFilters({ code: ' zs ', name: '', telephone: undefined, officeId: 11, roleIds: [1, 3] })).toEqual({ code: 'zs', officeId: 11, roleIds: '1,3' });
    expect(staffFilters({ roleIds: [], officeId: null })).toEqual({});
    expect(staffListBody({ name: '张' }, 2, 20)).toEqual({ name: '张', pageNo: 2, pageSize: 20 });
  });

  it("shows '--' for missing values and joins the census region with the address", () => {
    expect(cellText(null)).toBe('--');
    expect(cellText('  ')).toBe('--');
    expect(cellText(0)).toBe('0');
    expect(censusText({ censusRegionName: '浙江省 / 杭州市 / 西湖区', censusAddress: '文三路 1 号' })).toBe('浙江省 / 杭州市 / 西湖区 文三路 1 号');
    expect(censusText({ censusRegionName: null, censusAddress: '文三路 1 号' })).toBe('文三路 1 号');
    expect(censusText({ censusRegionName: null, censusAddress: '' })).toBe('--');
    expect(sexLabel(2, 'zh-CN')).toBe('女');
    expect(sexLabel('1', 'en-US')).toBe('Male');
    expect(sexLabel(null, 'zh-CN')).toBe('--');
  });

  it('turns the office tree into picker options', () => {
    expect(officeOptions(offices())).toEqual([
      { value: 10, title: '研发部', children: [{ value: 11, title: '前端组', children: [] }] },
      { value: 20, title: '市场部', children: [] },
    ]);
  });

  it('lists departments and their groups as one flat list, each group named with its department', () => {
    expect(flatOfficeOptions(officeOptions(offices()))).toEqual([
      { value: 10, label: '研发部' },
      { value: 11, label: '研发部 / 前端组' },
      { value: 20, label: '市场部' },
    ]);
  });
});

describe('roles ending soon', () => {
  it('names a role ending within 7 days with its end, and no other', () => {
    const now = Date.now();
    const soon = now + 2 * 86_400_000;
    expect(roleText({ id: 1, name: '运营', expiresAt: soon }, 'zh-CN', now)).toBe(`运营 (即将到期 ${endText(soon)})`);
    expect(roleText({ id: 1, name: 'Ops', expiresAt: soon }, 'en-US', now)).toBe(`Ops (Ending soon ${endText(soon)})`);
    expect(roleText({ id: 1, name: '运营', expiresAt: now + 8 * 86_400_000 }, 'zh-CN', now)).toBe('运营');
    expect(roleText({ id: 1, name: '运营', expiresAt: null }, 'zh-CN', now)).toBe('运营');
    expect(endText(new Date(2026, 11, 1, 9, 5).getTime())).toBe('2026-12-01 09:05');
  });
});
