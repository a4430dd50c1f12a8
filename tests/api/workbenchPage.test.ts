// @vitest-environment jsdom
/**
 * The workbench page's own script (server/workbench/page.ts), run in jsdom against canned answers
 * of /base/admin/workbench/apps: the token handoff on every card, the way to /login without a
 * token or with an ended session, hostile addresses, and the language toggle.
 * jsdom does not navigate (`location.replace` only reports "Not implemented: navigation" on
 * stderr): the page's way to /login is checked by the login link it shows just before leaving.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Code } from '../../contract';
import { workbenchHtml } from '../../server/workbench/page';

/** The jsdom window the page runs in (its own global: the script sees its fetch and localStorage). */
const page = (globalThis as unknown as { jsdom: { window: Window & typeof globalThis } }).jsdom.window;

const script = /<script>([\s\S]*?)<\/script>/.exec(workbenchHtml)![1]!;
const markup = workbenchHtml.replace(/<script>[\s\S]*?<\/script>/, '');

interface Load {
  token?: string;
  locale?: string;
  answer?: unknown;
}

/** Loads the page afresh; answers the fetch mock (to inspect its calls). */
function load({ token, locale, answer }: Load) {
  page.localStorage.clear();
  if (token) page.localStorage.setItem('token', token);
  if (locale) page.localStorage.setItem('locale', locale);
  const fetch = vi.fn(async () => ({ json: async () => answer }));
  page.fetch = fetch as unknown as typeof page.fetch;
  page.document.documentElement.innerHTML = /<html[^>]*>([\s\S]*)<\/html>/.exec(markup)![1]!;
  const element = page.document.createElement('script');
  element.textContent = script;
  page.document.body.appendChild(element);
  return fetch;
}

const byId = (id: string) => page.document.getElementById(id)!;
const cards = () => [...page.document.querySelectorAll<HTMLElement>('#apps .card')];
const apps = (items: unknown[]) => ({ code: Code.OK, msg: '操作成功', data: { items, total: items.length } });
const app = (id: number, address: string, extra: Record<string, unknown> = {}) => ({
  id,
  code: `app${id}`,
  name: `系统${id}`,
  businessType: 1,
  sort: id,
  address,
  logo: null,
  ...extra,
});

afterEach(() => {
  page.localStorage.clear();
});

describe('the workbench page', () => {
  it('asks for the caller’s apps with the stored token and hands the token and appId to each one', async () => {
    const token = 'tok_en-123';
    const fetch = load({
      token,
      answer: apps([app(1, '/'), app(2, 'https://crm.example.com'), app(3, 'https://rep.example.com/r/?tab=a&token=old#top'), app(4, 'http://intra.example.com:8080/x y')]),
    });
    await vi.waitFor(() => expect(cards()).toHaveLength(4));
    expect(fetch).toHaveBeenCalledWith('/base/admin/workbench/apps', expect.objectContaining({ headers: expect.objectContaining({ access_token: token }) }));
    expect(cards().map((card) => card.getAttribute('href'))).toEqual([
      `http://localhost:3000/?token=${token}&appId=1`,
      `https://crm.example.com/?token=${token}&appId=2`,
      `https://rep.example.com/r/?tab=a&token=${token}&appId=3#top`,
      `http://intra.example.com:8080/x%20y?token=${token}&appId=4`,
    ]);
    expect(cards()[1]!.textContent).toContain('系统2');
    expect(cards()[1]!.textContent).toContain('业务系统');
  });

  it('URL-encodes the token in the query', async () => {
    load({ token: 'a+b/c=&d', answer: apps([app(7, 'https://x.example.com/?q=1')]) });
    await vi.waitFor(() => expect(cards()).toHaveLength(1));
    const href = new URL(cards()[0]!.getAttribute('href')!);
    expect(href.search).toBe('?q=1&token=a%2Bb%2Fc%3D%26d&appId=7');
    expect(href.searchParams.get('token')).toBe('a+b/c=&d');
  });

  it('never makes a link of an address that is not http(s), and shows names as text', async () => {
    load({ token: 't', answer: apps([app(5, 'javascript:alert(1)', { name: '<img src=x onerror=alert(1)>' }), app(6, 'data:text/html,hi')]) });
    await vi.waitFor(() => expect(cards()).toHaveLength(2));
    expect(page.document.querySelectorAll('#apps a')).toHaveLength(0);
    expect(page.document.querySelectorAll('#apps img')).toHaveLength(0);
    expect(cards()[0]!.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(cards()[0]!.textContent).toContain('访问地址无效');
  });

  it('without a token goes to /login with the way back, asking nothing', async () => {
    const fetch = load({});
    expect(fetch).not.toHaveBeenCalled();
    const link = byId('status').querySelector('a')!;
    expect(link.getAttribute('href')).toBe('/login?redirect=/workbench');
  });

  it.each([Code.NO_TOKEN, Code.TOKEN_EXPIRED])('after %s forgets the token and goes to /login', async (code) => {
    load({ token: 'ended', answer: { code, msg: '请先登录', data: null } });
    await vi.waitFor(() => expect(byId('status').querySelector('a')?.getAttribute('href')).toBe('/login?redirect=/workbench'));
    expect(page.localStorage.getItem('token')).toBeNull();
    expect(cards()).toHaveLength(0);
  });

  it('says so when there is nothing to open, or the call fails, and stays', async () => {
    load({ token: 't', answer: apps([]) });
    await vi.waitFor(() => expect(byId('status').textContent).toBe('暂无可进入的子系统'));
    load({ token: 't', answer: { code: Code.INTERNAL_ERROR, msg: '服务器内部错误', data: null } });
    await vi.waitFor(() => expect(byId('status').textContent).toBe('子系统加载失败，请稍后刷新重试'));
    expect(page.localStorage.getItem('token')).toBe('t');
    expect(byId('status').querySelector('a')).toBeNull();
  });

  it('speaks the console’s language and toggles it', async () => {
    load({ token: 't', locale: 'en-US', answer: apps([app(2, 'https://crm.example.com')]) });
    await vi.waitFor(() => expect(cards()).toHaveLength(1));
    expect(page.document.documentElement.lang).toBe('en-US');
    expect(byId('heading').textContent).toBe('My sub-systems');
    expect(cards()[0]!.textContent).toContain('Business system');
    byId('language').click();
    expect(page.localStorage.getItem('locale')).toBe('zh-CN');
    expect(byId('heading').textContent).toBe('我的子系统');
    expect(page.document.title).toBe('工作台');
  });
});
