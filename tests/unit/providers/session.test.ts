import { beforeEach, describe, expect, it } from 'vitest';
import { buildMenuTree, withChildSpelling } from '../../../mocks';
import { clearSession, consumeHandoff, getMenus, readAppId, readToken, readUserName, saveSession, setMenus, takeHandoff } from '../../../providers/session';

beforeEach(() => {
  localStorage.clear();
  setMenus(null);
  window.history.replaceState(null, '', '/');
});

describe('workbench handoff', () => {
  it('stores token and appId from the address and answers the address without them', () => {
    const cleaned = takeHandoff({ pathname: '/system/param', search: '?token=abc&appId=3&tab=2', hash: '#top' });
    expect(cleaned).toBe('/system/param?tab=2#top');
    expect(readToken()).toBe('abc');
    expect(readAppId()).toBe('3');
  });

  it('does nothing without a token in the address', () => {
    saveSession({ token: 'kept' });
    expect(takeHandoff({ pathname: '/', search: '?appId=3', hash: '' })).toBeNull();
    expect(readToken()).toBe('kept');
  });

  it('replaces a previous session: the old user name and menus are forgotten', () => {
    saveSession({ token: 'old', userName: 'someone' });
    setMenus(buildMenuTree());
    takeHandoff({ pathname: '/', search: '?token=new', hash: '' });
    expect(readToken()).toBe('new');
    expect(readUserName()).toBeNull();
    expect(getMenus()).toBeNull();
  });

  it('cleans the browser address at once (no token left in history)', () => {
    window.history.replaceState(null, '', '/system/app?token=abc&appId=1');
    expect(consumeHandoff()).toBe(true);
    expect(window.location.pathname + window.location.search).toBe('/system/app');
    expect(readToken()).toBe('abc');
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
