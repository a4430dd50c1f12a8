/**
 * The console's theme (issue 24, item 3): chosen from the top bar, applied at once and kept on the
 * server; a stored theme applied when the console opens; the system's light or dark followed, also
 * when it changes, until the user chooses.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import theme from 'antd/es/theme';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSOLE_SCREEN, type ScreenPreferences, type ThemeSetting } from '../../../contract/preferences';
import { ConsoleTheme } from '../../../src/theme/ConsoleTheme';
import { SignedOutTheme } from '../../../src/theme/SignedOutTheme';
import { ThemeSwitch } from '../../../src/theme/ThemeSwitch';
import { DARK_QUERY, REDUCED_MOTION_QUERY } from '../../../src/theme/themeSetting';
import { setUpBridge } from '../generic/harness';
import { renderInConsole } from '../renderInConsole';

vi.setConfig({ testTimeout: 60000 });
const bridge = setUpBridge();
const slow = { timeout: 10000 };

// The system's preference, changeable while the console is open.
const original = window.matchMedia;
const system = { dark: false, reducedMotion: false, listeners: new Set<() => void>() };
beforeEach(() => {
  system.dark = false;
  system.reducedMotion = false;
  system.listeners.clear();
  delete document.documentElement.dataset.theme;
  window.matchMedia = (query: string) =>
    query === DARK_QUERY || query === REDUCED_MOTION_QUERY
      ? ({
          get matches() {
            return query === DARK_QUERY ? system.dark : system.reducedMotion;
          },
          media: query,
          addEventListener: (_: string, listener: () => void) => system.listeners.add(listener),
          removeEventListener: (_: string, listener: () => void) => system.listeners.delete(listener),
        } as unknown as MediaQueryList)
      : original(query);
});
afterEach(() => {
  window.matchMedia = original;
});
const setSystem = (change: Partial<Pick<typeof system, 'dark' | 'reducedMotion'>>) =>
  act(() => {
    Object.assign(system, change);
    system.listeners.forEach((listener) => listener());
  });
const setSystemDark = (dark: boolean) => setSystem({ dark });

/** What the page shows: a container's background (the CSS variable every custom style reads) and a control's height. */
function Surface() {
  const { token } = theme.useToken();
  return <div data-testid="surface" data-control-height={token.controlHeight} data-motion={token.motionDurationMid} />;
}
const background = () => document.documentElement.style.getPropertyValue('--console-color-bg-container');
const controlHeight = () => screen.getByTestId('surface').dataset.controlHeight;
const LIGHT_BG = '#ffffff';
const DARK_BG = '#141414';

const renderShell = () =>
  renderInConsole(
    <ConsoleTheme>
      <ThemeSwitch />
      <Surface />
    </ConsoleTheme>,
    { token: bridge.token, path: '/home', resource: { name: 'home', label: '首页' } },
  );
const storedTheme = async () => (await bridge.call<ScreenPreferences>('GET', '/base/admin/preference/list', { query: { screen: CONSOLE_SCREEN } })).theme;

async function choose(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name: '外观' }));
  await user.click(await screen.findByRole('menuitem', { name: new RegExp(name) }, slow));
}

describe('the console’s theme', () => {
  it('applies dark chosen from the top bar at once and keeps it on the server (and for the next first paint)', async () => {
    renderShell();
    await waitFor(() => expect(background()).toBe(LIGHT_BG), slow);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await choose(user, '深色');
    await waitFor(() => expect(background()).toBe(DARK_BG), slow);
    expect(document.documentElement.dataset.theme).toBe('dark');
    await waitFor(async () => expect(await storedTheme()).toEqual({ mode: 'dark', compact: false }), slow);
    expect(JSON.parse(localStorage.getItem('theme') ?? 'null')).toEqual({ mode: 'dark', compact: false });

    expect(controlHeight()).toBe('32');
    await choose(user, '紧凑');
    await waitFor(() => expect(controlHeight()).toBe('28'), slow);
    await waitFor(async () => expect(await storedTheme()).toEqual({ mode: 'dark', compact: true }), slow);
  });

  it('applies the theme stored on the server when the console opens, over what this browser last knew', async () => {
    const admin = await bridge.db.selectFrom('user').select('id').where('code', '=', 'admin').executeTakeFirstOrThrow();
    const stored: ThemeSetting = { mode: 'dark', compact: true };
    await bridge.db.insertInto('userPreference').values({ userId: admin.id, screen: CONSOLE_SCREEN, kind: 'theme', value: JSON.stringify(stored), updateTime: Date.now() }).execute();
    localStorage.setItem('theme', JSON.stringify({ mode: 'light', compact: false }));
    renderShell();
    await waitFor(() => expect(background()).toBe(DARK_BG), slow);
    expect(controlHeight()).toBe('28');
    expect(JSON.parse(localStorage.getItem('theme') ?? 'null')).toEqual(stored);
  });

  it('follows the system, and its change while open, until the user chooses', async () => {
    system.dark = true;
    renderShell();
    await waitFor(() => expect(background()).toBe(DARK_BG), slow);
    setSystemDark(false);
    await waitFor(() => expect(background()).toBe(LIGHT_BG), slow);
    setSystemDark(true);
    await waitFor(() => expect(background()).toBe(DARK_BG), slow);

    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await choose(user, '浅色');
    await waitFor(() => expect(background()).toBe(LIGHT_BG), slow);
    setSystemDark(false);
    setSystemDark(true);
    expect(background()).toBe(LIGHT_BG);
  });

  it('drops the zoom and slide of dialogs and menus while the system asks for reduced motion, and follows its change', async () => {
    const motion = () => screen.getByTestId('surface').dataset.motion;
    system.reducedMotion = true;
    renderShell();
    await waitFor(() => expect(background()).toBe(LIGHT_BG), slow);
    expect(motion()).toBe('0s');
    setSystem({ reducedMotion: false });
    await waitFor(() => expect(motion()).toBe('0.2s'), slow);
    setSystem({ reducedMotion: true, dark: true });
    await waitFor(() => expect(background()).toBe(DARK_BG), slow);
    expect(motion()).toBe('0s');
  });
});

/** A signed-out page's background as antd gives it. */
function PageBackground() {
  return <output aria-label="background">{theme.useToken().token.colorBgContainer}</output>;
}

describe('the signed-out pages’ theme', () => {
  it('follows the system to dark without mounting the form anew: the typed text stays', async () => {
    render(
      <SignedOutTheme>
        <PageBackground />
        <input aria-label="username" />
      </SignedOutTheme>,
    );
    expect(screen.getByLabelText('background')).toHaveTextContent(LIGHT_BG);
    await userEvent.setup().type(screen.getByLabelText('username'), 'D1001');
    setSystemDark(true);
    await waitFor(() => expect(screen.getByLabelText('background')).toHaveTextContent(DARK_BG), slow);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(screen.getByLabelText('username')).toHaveValue('D1001');
  });
});
