import { beforeEach, describe, expect, it } from 'vitest';
import { buildMenuTree, withChildSpelling } from './menuTree';
import { clearSession, getMenuReading, getMenus, readAppId, readHandoff, readToken, readUserName, saveSession, setMenus, startSession } from '../../../providers/session';

beforeEach(() => {
  localStorage.clear();
  setMenus(null);
  window.history.replaceState(null, '', '/');
});

describe('workbench handoff', () => {
  it('reads a token or a one-time code with the appId, and the address without them, storing nothing', () => {
    saveSession({ token: 'kept' });
    expect(readHandoff({ pathname: '/system/param', search: '?token=abc&appId=3&tab=2', hash: '#top' })).toEqual({
      credential: { kind: 'token', value: 'abc' },
      appId: '3',
      cleaned: '/system/param?tab=2#top',
    });
    expect(readHandoff({ pathname: '/', search: '?handoff=c0de&appId=1', hash: '' })).toEqual({ credential: { kind: 'code', value: 'c0de' }, appId: '1', cleaned: '/' });
    expect(readToken()).toBe('kept');
  });

  it('finds none without a token or a code in the address', () => {
    expect(readHandoff({ pathname: '/', search: '?appId=3', hash: '' })).toBeNull();
  });

  it('starting a handed-over session forgets the previous one: its user name and menus', () => {
    saveSession({ token: 'old', userName: 'someone' });
    setMenus(buildMenuTree());
    startSession('new', '4');
    expect(readToken()).toBe('new');
    expect(readAppId()).toBe('4');
    expect(readUserName()).toBeNull();
    expect(getMenus()).toBeNull();
  });
});

describe('stored session', () => {
  it('uses the platform storage keys', () => {
    saveSession({ token: 't', appId: 1, userName: '管理员' });
    expect(localStorage.getItem('token')).toBe('t');
    expect(localStorage.getItem('appId')).toBe('1');
    expect(localStorage.getItem('userName')).toBe('管理员');
  });

  it('clears token, user name and menus but keeps the app id and the language', () => {
    saveSession({ token: 't', appId: 1, userName: 'x' });
    localStorage.setItem('locale', 'en-US');
    setMenus(buildMenuTree());
    clearSession();
    expect(readToken()).toBeNull();
    expect(readUserName()).toBeNull();
    expect(localStorage.getItem('menuList')).toBeNull();
    expect(readAppId()).toBe('1');
    expect(localStorage.getItem('locale')).toBe('en-US');
  });

  it('keeps the reading of menu types beside the menus, forgets it with them, and reads A when none was kept', () => {
    setMenus(buildMenuTree(), 'B');
    expect(getMenuReading()).toBe('B');
    expect(localStorage.getItem('menuReading')).toBe('B');
    clearSession();
    expect(localStorage.getItem('menuReading')).toBeNull();
    expect(getMenuReading()).toBe('A');
  });

  it('keeps menus in memory and in localStorage menuList, and reads a saved list after a reload', () => {
    const tree = buildMenuTree();
    setMenus(tree);
    expect(getMenus()).toBe(getMenus());
    expect(JSON.parse(localStorage.getItem('menuList')!)).toHaveLength(tree.length);
    setMenus(null);
    // A list saved by another platform console, in its `child` spelling.
    localStorage.setItem('menuList', JSON.stringify(withChildSpelling(tree)));
    expect(getMenus()?.[1]?.children[0]?.url).toBe('app');
  });
});
