import { describe, expect, it } from 'vitest';
import { matchTier, rankMatches } from '../../../src/palette/match';

/** Screens as the palette sees them: [zh-CN title, en-US title]. */
const SCREENS = [
  ['首页', 'Home'],
  ['子系统管理', 'Sub-systems'],
  ['参数配置', 'Parameters'],
  ['人员列表', 'Staff'],
  ['UA列表', 'UA rules'],
  ['组织管理', 'Organisation management'],
  ['组织架构', 'Organisation directory'],
  ['角色管理', 'Roles'],
] as const;

const find = (query: string) => rankMatches(SCREENS, (screen) => screen, query).map(([zh]) => zh);

describe('palette matching', () => {
  it('finds a Chinese title by its pinyin initials', () => {
    expect(find('rylb')).toEqual(['人员列表']);
    expect(find('RYLB')).toEqual(['人员列表']);
    expect(find('csp')).toEqual(['参数配置']);
  });

  it('finds it by whole pinyin, and by syllables typed whole or in part', () => {
    expect(find('renyuan')).toEqual(['人员列表']);
    expect(find('renyl')).toEqual(['人员列表']);
    expect(find('canshupeizhi')).toEqual(['参数配置']);
  });

  it('finds titles by a piece of the zh-CN or the en-US title, in any case', () => {
    expect(find('列表')).toEqual(['人员列表', 'UA列表']);
    expect(find('staff')).toEqual(['人员列表']);
    expect(find('MANAGEMENT')).toEqual(['组织管理']);
  });

  it('ranks a title that starts with the query before pinyin initials, and those before a piece inside', () => {
    // Given worst first: a piece inside ('Docs settings'), pinyin initials (参数配置), the start ('CSV export').
    const titles = [['文档设置', 'Docs settings'], ['参数配置', 'Parameters'], ['导出', 'CSV export']];
    expect(rankMatches(titles, (title) => title, 'cs').map(([zh]) => zh)).toEqual(['导出', '参数配置', '文档设置']);
    expect(titles.map((title) => matchTier(title, 'cs'))).toEqual([2, 1, 0]);
    // 'zz': 组织管理 and 组织架构 by initials; no title starts with or holds 'zz'.
    expect(find('zz')).toEqual(['组织管理', '组织架构']);
    // 'gl' is the initials of a later part of 子系统管理, 组织管理, 角色管理: all a piece inside, in menu order.
    expect(find('gl')).toEqual(['子系统管理', '组织管理', '角色管理']);
    // 'u' starts 'UA列表'; 'Sub-systems' holds it.
    expect(find('u')).toEqual(['UA列表', '子系统管理']);
  });

  it('keeps titles of one tier in the order given, whatever order they come in', () => {
    expect(rankMatches(['组织架构', '组织管理'], (title) => [title], 'zz')).toEqual(['组织架构', '组织管理']);
    expect(rankMatches(['组织管理', '组织架构'], (title) => [title], 'zz')).toEqual(['组织管理', '组织架构']);
  });

  it('answers everything for an empty query and nothing for text no title has', () => {
    expect(find('  ')).toHaveLength(SCREENS.length);
    expect(find('xyz')).toEqual([]);
    expect(find('rylbx')).toEqual([]);
  });

  it('finds a person by the initials of their name', () => {
    expect(rankMatches(['张三', '李四', '张小明'], (name) => [name], 'zs')).toEqual(['张三']);
    expect(rankMatches(['张三', '李四', '张小明'], (name) => [name], 'zh')).toEqual(['张三', '张小明']);
  });
});
