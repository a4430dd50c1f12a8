import { describe, expect, it } from 'vitest';
import { readCookie, readSiderCollapsed, saveSiderCollapsed, SIDEBAR_COOKIE } from '../../../src/layout/siderState';

describe('sidebar state cookie', () => {
  it('is open by default and remembers a collapse', () => {
    const doc = { cookie: '' };
    expect(readSiderCollapsed(doc)).toBe(false);
    saveSiderCollapsed(true, doc);
    expect(doc.cookie).toMatch(new RegExp(`^${SIDEBAR_COOKIE}=0; path=/;`));
    expect(readSiderCollapsed({ cookie: `a=1; ${SIDEBAR_COOKIE}=0` })).toBe(true);
    expect(readSiderCollapsed({ cookie: `${SIDEBAR_COOKIE}=1` })).toBe(false);
  });

  it('reads one cookie among many', () => {
    expect(readCookie('x=1; token=a%3Db; y=2', 'token')).toBe('a=b');
    expect(readCookie('x=1', 'token')).toBeUndefined();
  });
});
