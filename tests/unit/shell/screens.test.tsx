/**
 * The screens inside the shell: a screen that throws shows its message and Retry in its own tab
 * while the top bar, the menu and the other tabs work; a tab's page keeps what was typed while the
 * tab is open and starts afresh once it was closed.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../providers/session';
import { catalogue } from '../../../resources/pages';
import App from '../../../src/App';
import type { PageCatalogue } from '../../../src/routing/pageProps';
import { setLocale } from '../../../src/i18n';
import { setUpBridge } from '../generic/harness';
import { testProviders } from '../renderInConsole';

// Two pages are replaced: the sub-system list by one that throws while rendering (counting its
// attempts), the dictionary list by one that polls while shown (counting ticks).
const broken = { renders: 0 };
const polling = { ticks: 0 };
const Broken = (): never => {
  broken.renders += 1;
  throw new Error('this screen is broken');
};
const Polling = () => {
  // Its own state: the same text after the tab comes back means the page was kept, not remounted.
  const [mounted] = useState(() => Math.random().toString(36).slice(2));
  useEffect(() => {
    const timer = setInterval(() => (polling.ticks += 1), 20);
    return () => clearInterval(timer);
  }, []);
  return <p>{`polling page ${mounted}`}</p>;
};
const pages: PageCatalogue = {
  ...catalogue,
  pages: new Map([...catalogue.pages, ['app', lazy(async () => ({ default: Broken }))], ['dic', lazy(async () => ({ default: Polling }))]]),
};

vi.setConfig({ testTimeout: 60000 });
const bridge = setUpBridge();
const slow = { timeout: 10000 };
const user = () => userEvent.setup({ pointerEventsCheck: 0 });

function renderApp(path: string) {
  saveSession({ token: bridge.token, appId: 1 });
  window.history.replaceState(null, '', path);
  return render(<App providers={testProviders()} loadPages={() => Promise.resolve(pages)} />);
}

// React reports a caught render error on the console; the test expects the throw.
const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
afterEach(() => quiet.mockClear());

describe('a screen that throws', () => {
  it('shows its message and Retry inside its own tab; the shell and the other tabs keep working', async () => {
    renderApp('/home');
    await screen.findByRole('heading', { name: '欢迎回来，超级管理员' }, slow);
    const sidebar = screen.getByRole('complementary');
    await user().click(within(sidebar).getByRole('link', { name: '子系统管理' }));

    const main = screen.getByRole('main');
    expect(await within(main).findByRole('alert', {}, slow)).toHaveTextContent('此页面出错了');
    expect(within(screen.getByRole('banner')).getByText('员工基础管理系统')).toBeInTheDocument();
    expect(within(screen.getByRole('tablist')).getByRole('tab', { name: '子系统管理' })).toHaveAttribute('aria-selected', 'true');

    // Another tab and another page work as before.
    await user().click(screen.getByRole('tab', { name: '首页' }));
    expect(await screen.findByRole('heading', { name: '欢迎回来，超级管理员' }, slow)).toBeVisible();
    expect(within(main).queryByRole('alert')).not.toBeInTheDocument();
    await user().click(within(sidebar).getByRole('link', { name: '参数配置' }));
    expect(await screen.findByLabelText('参数配置', { selector: 'section' }, slow)).toBeVisible();

    // Its own tab still shows the message; Retry renders the screen again.
    await user().click(screen.getByRole('tab', { name: '子系统管理' }));
    const alert = await within(main).findByRole('alert', {}, slow);
    const before = broken.renders;
    await user().click(within(alert).getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(broken.renders).toBeGreaterThan(before), slow);
    expect(await within(main).findByRole('alert', {}, slow)).toHaveTextContent('此页面出错了');

    act(() => setLocale('en-US'));
    expect(await within(main).findByRole('alert', {}, slow)).toHaveTextContent('This page ran into a problem');
    expect(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('a tab keeps its page', () => {
  it('keeps a typed filter while the tab is open, and starts afresh once it was closed', async () => {
    renderApp('/home');
    await screen.findByRole('heading', { name: '欢迎回来，超级管理员' }, slow);
    const sidebar = screen.getByRole('complementary');
    await user().click(within(sidebar).getByRole('link', { name: '参数配置' }));
    const key = await screen.findByRole('textbox', { name: 'Key' }, slow);
    await user().type(key, 'site');

    await user().click(screen.getByRole('tab', { name: '首页' }));
    await screen.findByRole('heading', { name: '欢迎回来，超级管理员' }, slow);
    await user().click(screen.getByRole('tab', { name: '参数配置' }));
    expect(await screen.findByRole('textbox', { name: 'Key' }, slow)).toHaveValue('site');

    // antd's close control of a tab, labelled by the console's '关闭'.
    await user().click(screen.getByRole('tablist').querySelector('button[aria-label="关闭"]')!);
    await waitFor(() => expect(window.location.pathname).toBe('/home'), slow);
    await user().click(within(sidebar).getByRole('link', { name: '参数配置' }));
    expect(await screen.findByRole('textbox', { name: 'Key' }, slow)).toHaveValue('');
  });
});

describe('a hidden tab', () => {
  it('keeps its page mounted but stops its effects (no polling) until shown again', async () => {
    renderApp('/home');
    await screen.findByRole('heading', { name: '欢迎回来，超级管理员' }, slow);
    await user().click(within(screen.getByRole('complementary')).getByRole('link', { name: '字典管理' }));
    const shown = (await screen.findByText(/^polling page/, {}, slow)).textContent;
    await waitFor(() => expect(polling.ticks).toBeGreaterThan(2), slow);

    await user().click(screen.getByRole('tab', { name: '首页' }));
    await screen.findByRole('heading', { name: '欢迎回来，超级管理员' }, slow);
    const hidden = polling.ticks;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(polling.ticks).toBe(hidden);

    await user().click(screen.getByRole('tab', { name: '字典管理' }));
    expect(await screen.findByText(shown!, {}, slow)).toBeVisible();
    await waitFor(() => expect(polling.ticks).toBeGreaterThan(hidden), slow);
  });
});
