import { describe, expect, it } from 'vitest';
import { closeTab, closeTabs, dropPage, initialTabs, keepPage, openTab, restoreTabs, shownTabs, tabsClosedBy, tabsStorageKey, tabsToSave, type PageTab } from '../../../src/layout/tabs';

const home = { key: '/home' };
const app = { key: '/system/app' };
const param = { key: '/system/param' };

function opened(...pages: Array<{ key: string }>): PageTab[] {
  return pages.reduce((tabs, page) => openTab(tabs, page.key), initialTabs(home.key));
}

describe('page tabs', () => {
  it('start with the first page, which cannot be closed', () => {
    expect(initialTabs(home.key)).toEqual([{ ...home, closable: false }]);
    expect(initialTabs(undefined)).toEqual([]);
  });

  it('add one closable tab per visited page, in visiting order, without duplicates', () => {
    const tabs = opened(app, param, app, home);
    expect(tabs.map((t) => [t.key, t.closable])).toEqual([
      ['/home', false],
      ['/system/app', true],
      ['/system/param', true],
    ]);
  });

  it('leave the list untouched when the page is already open', () => {
    const tabs = opened(app);
    expect(openTab(tabs, app.key)).toBe(tabs);
  });

  it('keep only the path of a page, never its title (looked up at render, in the current language)', () => {
    expect(opened(app)).toEqual([
      { key: '/home', closable: false },
      { key: '/system/app', closable: true },
    ]);
  });

  it('move to the right neighbour when the active tab closes', () => {
    const result = closeTab(opened(app, param), app.key, app.key);
    expect(result.tabs.map((t) => t.key)).toEqual(['/home', '/system/param']);
    expect(result.activeKey).toBe('/system/param');
  });

  it('move to the left neighbour when the active tab was the last one', () => {
    const result = closeTab(opened(app, param), param.key, param.key);
    expect(result.activeKey).toBe('/system/app');
    expect(closeTab(opened(app), app.key, app.key).activeKey).toBe('/home');
  });

  it('keep the active tab when another tab closes', () => {
    const result = closeTab(opened(app, param), app.key, param.key);
    expect(result).toEqual({ tabs: [{ ...home, closable: false }, { ...param, closable: true }], activeKey: '/system/param' });
  });

  it('never close the first tab, nor an unknown one', () => {
    const tabs = opened(app);
    expect(closeTab(tabs, home.key, home.key)).toEqual({ tabs, activeKey: home.key });
    expect(closeTab(tabs, '/nope', app.key)).toEqual({ tabs, activeKey: app.key });
  });
});

describe('tabs kept across a reload', () => {
  const isPage = (path: string) => ['/home', '/system/app', '/system/role', '/org/user'].includes(path);

  it('reopens the saved tabs in their order after the pinned one, dropping pages no longer offered', () => {
    const saved = tabsToSave([
      { key: '/home', closable: false },
      { key: '/system/role', closable: true },
      { key: '/gone', closable: true },
      { key: '/system/app', closable: true },
    ]);
    expect(shownTabs(restoreTabs(saved, '/home'), isPage).map((tab) => tab.key)).toEqual(['/home', '/system/role', '/system/app']);
    expect(restoreTabs(saved, '/home')[0]).toEqual({ key: '/home', closable: false });
  });

  it('starts with the pinned tab alone from nothing or from garbage', () => {
    for (const saved of [null, '', '{', '{"a":1}', '[1,null]']) expect(restoreTabs(saved, '/home')).toEqual([{ key: '/home', closable: false }]);
  });

  it('keeps each user\'s tabs apart', () => {
    expect(tabsStorageKey('admin')).not.toBe(tabsStorageKey('zs001'));
  });
});

describe('pages kept mounted behind their tabs', () => {
  const at = (search: string) => ({ search });

  it('records each page where it was last shown, in the order first shown', () => {
    const first = at('');
    const kept = keepPage(keepPage(new Map(), '/system/param', first), '/system/app', at(''));
    expect([...kept.keys()]).toEqual(['/system/param', '/system/app']);
    const moved = keepPage(kept, '/system/param', at('?page=3'));
    expect([...moved.keys()]).toEqual(['/system/param', '/system/app']);
    expect(moved.get('/system/param')).toEqual({ search: '?page=3' });
    expect(kept.get('/system/param')).toBe(first);
  });

  it('hands back the same record when nothing changed (no render loop)', () => {
    const where = at('?page=2');
    const kept = keepPage(new Map(), '/system/param', where);
    expect(keepPage(kept, '/system/param', where)).toBe(kept);
  });

  it('forgets a page whose tab closed, so it starts afresh when opened again', () => {
    const kept = keepPage(keepPage(new Map(), '/system/param', at('')), '/system/app', at(''));
    expect([...dropPage(kept, '/system/param').keys()]).toEqual(['/system/app']);
    expect(dropPage(kept, '/nope')).toBe(kept);
  });
});

describe('the tab menu', () => {
  const user = { key: '/organisation/user' };
  const dic = { key: '/system/dic' };
  const tabs = () => opened(app, param, user, dic);

  it('names the closable tabs each action closes, never the pinned first page', () => {
    expect(tabsClosedBy(tabs(), 'close', param.key)).toEqual([param.key]);
    expect(tabsClosedBy(tabs(), 'closeOthers', param.key)).toEqual([app.key, user.key, dic.key]);
    expect(tabsClosedBy(tabs(), 'closeLeft', user.key)).toEqual([app.key, param.key]);
    expect(tabsClosedBy(tabs(), 'closeRight', param.key)).toEqual([user.key, dic.key]);
    expect(tabsClosedBy(tabs(), 'closeAll', param.key)).toEqual([app.key, param.key, user.key, dic.key]);
    expect(tabsClosedBy(tabs(), 'close', home.key)).toEqual([]);
    expect(tabsClosedBy(tabs(), 'closeLeft', app.key)).toEqual([]);
    expect(tabsClosedBy(tabs(), 'refresh', app.key)).toEqual([]);
    expect(tabsClosedBy(tabs(), 'closeOthers', '/unknown')).toEqual([]);
  });

  it('keeps the active tab when it stays open', () => {
    const result = closeTabs(tabs(), tabsClosedBy(tabs(), 'closeRight', app.key), app.key, app.key);
    expect(result).toEqual({ tabs: opened(app).concat(), activeKey: app.key });
  });

  it('moves to the tab the menu was opened on when the active one closes', () => {
    const result = closeTabs(tabs(), tabsClosedBy(tabs(), 'closeOthers', param.key), dic.key, param.key);
    expect(result.tabs.map((tab) => tab.key)).toEqual([home.key, param.key]);
    expect(result.activeKey).toBe(param.key);
  });

  it('moves to the pinned first page when every closable tab closes', () => {
    const result = closeTabs(tabs(), tabsClosedBy(tabs(), 'closeAll', user.key), user.key, user.key);
    expect(result).toEqual({ tabs: [{ key: home.key, closable: false }], activeKey: home.key });
  });

  it('closing one tab from the menu is the close button’s close', () => {
    expect(closeTabs(tabs(), [user.key], user.key, user.key)).toEqual(closeTab(tabs(), user.key, user.key));
  });
});
