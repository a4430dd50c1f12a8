// @vitest-environment jsdom
/**
 * The workbench page's own script (server/workbench/page.ts), run in jsdom against canned answers
 * of /base/admin/workbench/apps and /base/admin/workbench/handoff: cards that never carry the
 * token, a click that follows the link the server answers, the way to /login without a token or
 * with an ended session, hostile addresses, and the language toggle.
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
  /** The answer of the apps call. */
  answer?: unknown;
  /** The answer of a card's link call. */
  link?: unknown;
}

/** Loads the page afresh; answers the fetch mock (to inspect its calls). */
function load({ token, locale, answer, link }: Load) {
  page.localStorage.clear();
  if (token) page.localStorage.setItem('token', token);
  if (locale) page.localStorage.setItem('locale', locale);
  const fetch = vi.fn(async (url: string, _init?: RequestInit) => ({ json: async () => (url.endsWith('/workbench/handoff') ? link : answer) }));
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
  it('asks for the caller’s apps with the stored token; the cards link to the plain addresses, never with the token', async () => {
    const token = 'tok_en-123';
    const fetch = load({
      token,
      answer: apps([app(1, '/'), app(2, 'https://crm.example.com'), app(3, 'https://rep.example.com/r/?tab=a#top'), app(4, 'http://intra.example.com:8080/x y')]),
    });
    await vi.waitFor(() => expect(cards()).toHaveLength(4));
    expect(fetch).toHaveBeenCalledWith('/base/admin/workbench/apps', expect.objectContaining({ headers: expect.objectContaining({ access_token: token }) }));
    expect(cards().map((card) => card.getAttribute('href'))).toEqual([
      'http://localhost:3000/',
      'https://crm.example.com/',
      'https://rep.example.com/r/?tab=a#top',
      'http://intra.example.com:8080/x%20y',
    ]);
    expect(cards()[1]!.textContent).toContain('系统2');
    expect(cards()[1]!.textContent).toContain('业务系统');
  });

  it('on a click asks the server for the card’s link and follows it', async () => {
    const handed = '/?handoff=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde&appId=1';
    const fetch = load({ token: 't', answer: apps([app(1, '/')]), link: { code: Code.OK, msg: '', data: { url: handed } } });
    await vi.waitFor(() => expect(cards()).toHaveLength(1));
    cards()[0]!.dispatchEvent(new page.MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    await vi.waitFor(() => expect(cards()[0]!.getAttribute('href')).toBe(`http://localhost:3000${handed}`));
    const [url, init] = fetch.mock.calls.at(-1)!;
    expect(url).toBe('/base/admin/workbench/handoff');
    expect(init).toMatchObject({ method: 'POST', body: JSON.stringify({ appId: 1 }), headers: expect.objectContaining({ access_token: 't' }) });
  });

  it('stays and says so when the link cannot be had, or is not http(s)', async () => {
    load({ token: 't', answer: apps([app(1, '/')]), link: { code: Code.NOT_FOUND, msg: '记录不存在', data: null } });
    await vi.waitFor(() => expect(cards()).toHaveLength(1));
    cards()[0]!.click();
    await vi.waitFor(() => expect(byId('status').textContent).toBe('无法打开该子系统，请稍后重试'));
    load({ token: 't', answer: apps([app(1, '/')]), link: { code: Code.OK, msg: '', data: { url: 'javascript:alert(1)' } } });
    await vi.waitFor(() => expect(cards()).toHaveLength(1));
    cards()[0]!.click();
    await vi.waitFor(() => expect(byId('status').textContent).toBe('无法打开该子系统，请稍后重试'));
    expect(cards()[0]!.getAttribute('href')).toBe('http://localhost:3000/');
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
