import { describe, expect, it } from 'vitest';
import {
  canSitUnder,
  hasMenuType,
  isDirectoryType,
  isTopLevelType,
  MENU_READINGS,
  MENU_TYPES,
  menuReadingOf,
  menuTypeName,
  MenuType,
  nestedDirectoryType,
  readingRules,
  topDirectoryType,
} from '../../../contract/menu';
import { appEntity, validateEntity } from '../../../contract';

const { PAGE_ELEMENT, API, NAVIGATION, MENU, HOME } = MenuType;

describe('the two readings of menu types (SPEC §3 Menu / permission node)', () => {
  it('reading A: 3 navigation and 5 home at the top, 4 under 3 or 4, 1 under 4 or 5, 2 under 1', () => {
    expect(MENU_TYPES.filter((t) => isTopLevelType('A', t))).toEqual([NAVIGATION, HOME]);
    expect(MENU_TYPES.filter((t) => canSitUnder('A', MENU, t))).toEqual([NAVIGATION, MENU]);
    expect(MENU_TYPES.filter((t) => canSitUnder('A', PAGE_ELEMENT, t))).toEqual([MENU, HOME]);
    expect(MENU_TYPES.filter((t) => canSitUnder('A', API, t))).toEqual([PAGE_ELEMENT]);
    expect(readingRules.A.homeType).toBe(HOME);
  });

  it('reading B: 5 a top-level directory holding 4s and page elements, 4 under 5 or 4, no 3, no home', () => {
    expect(hasMenuType('B', NAVIGATION)).toBe(false);
    expect(MENU_TYPES.filter((t) => isTopLevelType('B', t))).toEqual([HOME]);
    expect(MENU_TYPES.filter((t) => canSitUnder('B', MENU, t))).toEqual([MENU, HOME]);
    expect(MENU_TYPES.filter((t) => canSitUnder('B', PAGE_ELEMENT, t))).toEqual([MENU, HOME]);
    expect(MENU_TYPES.filter((t) => canSitUnder('B', API, t))).toEqual([PAGE_ELEMENT]);
    expect(MENU_TYPES.some((t) => canSitUnder('B', NAVIGATION, t) || canSitUnder('B', t, NAVIGATION))).toBe(false);
    expect(readingRules.B.homeType).toBeUndefined();
  });

  it('routes the 4s and 5s and shows the entry type on the top bar, per reading', () => {
    expect(readingRules.A.routedTypes).toEqual([MENU, HOME]);
    expect(readingRules.B.routedTypes).toEqual([MENU, HOME]);
    expect(readingRules.A.entryTypes).toEqual([NAVIGATION]);
    expect(readingRules.B.entryTypes).toEqual([HOME]);
    expect([topDirectoryType('A'), nestedDirectoryType('A')]).toEqual([NAVIGATION, MENU]);
    expect([topDirectoryType('B'), nestedDirectoryType('B')]).toEqual([HOME, MENU]);
  });

  it('names the same number differently in each reading, in both languages', () => {
    expect(menuTypeName('A', HOME)).toEqual({ 'zh-CN': '首页', 'en-US': 'Home' });
    expect(menuTypeName('B', HOME)).toEqual({ 'zh-CN': '顶级目录', 'en-US': 'Top-level directory' });
    expect(menuTypeName('B', MENU)?.['zh-CN']).toBe('目录');
    expect(menuTypeName('B', NAVIGATION)).toBeUndefined();
    for (const reading of MENU_READINGS) {
      for (const type of MENU_TYPES.filter((t) => hasMenuType(reading, t))) {
        expect(menuTypeName(reading, type)?.['en-US'], `${reading} ${type}`).toBeTruthy();
        expect(readingRules[reading].placement[type]?.['zh-CN'], `${reading} ${type}`).toBeTruthy();
      }
      expect(readingRules[reading].directoryTypes.every((t) => isDirectoryType(reading, t) && hasMenuType(reading, t))).toBe(true);
    }
  });

  it('reads an absent or unknown reading as A, the platform default', () => {
    expect(menuReadingOf('B')).toBe('B');
    expect(menuReadingOf(undefined)).toBe('A');
    expect(menuReadingOf(null)).toBe('A');
    expect(menuReadingOf('b')).toBe('A');
  });

  it('is a field of the sub-system: A unless given, A or B only', () => {
    const app = { code: 'x', name: 'x', businessType: 1, isEnable: '1', sort: 1, address: '/' };
    const saved = validateEntity(appEntity, app);
    expect(saved.ok && saved.value.menuReading).toBe('A');
    const b = validateEntity(appEntity, { ...app, menuReading: 'B' });
    expect(b.ok && b.value.menuReading).toBe('B');
    expect(validateEntity(appEntity, { ...app, menuReading: 'C' }).ok).toBe(false);
  });
});
