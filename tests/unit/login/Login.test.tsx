import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN as admin } from '../../../mocks/bridge';
import { readToken } from '../../../providers/session';
import { sha256Hex } from '../../../server/auth/passwords';
import { bridgePerFile } from '../bridgePerFile';
import Login from '../../../src/pages/Login';
import { renderRoutes } from './renderRoutes';

// antd renders slowly in jsdom, more so when other test files run alongside.
vi.setConfig({ testTimeout: 30000 });
configure({ asyncUtilTimeout: 8000 });

const server = setupServer();
const bridge = bridgePerFile(server);
/** The login body as the server received it. */
const lastLogin = () => bridge.requests.filter((r) => r.path.endsWith('/user/login')).at(-1)?.body as { username: string; password: string } | undefined;

afterEach(() => localStorage.clear());

function renderLogin(address = '/login') {
  return renderRoutes(address, { '/login': <Login /> });
}

// antd re-renders on every key stroke, which is slow in jsdom: the values are pasted.
async function fill(label: string, value: string) {
  const user = userEvent.setup();
  await user.click(screen.getByLabelText(label));
  await user.paste(value);
}

/** Waits until the text is on screen (antd may replace a message element while it animates in). */
async function shows(text: string | RegExp) {
  await waitFor(() => expect(screen.getByText(text)).toBeInTheDocument());
}

async function signIn(username: string, password: string, labels: { username: string; password: string; submit: string | RegExp } = { username: '用户名', password: '密码', submit: /登\s*录/ }) {
  await fill(labels.username, username);
  await fill(labels.password, password);
  await userEvent.setup().click(screen.getByRole('button', { name: labels.submit }));
}

describe('login page', () => {
  it('shows the product title, both fields, a show-password toggle and the sign-in button', () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: '员工基础管理系统' })).toBeInTheDocument();
    expect(screen.getByLabelText('用户名')).toBeInTheDocument();
    expect(screen.getByLabelText('密码')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('img', { name: /eye-invisible/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /登\s*录/ })).toBeInTheDocument();
  });

  it('reveals the password with the toggle', async () => {
    renderLogin();
    await userEvent.setup().click(screen.getByRole('img', { name: /eye-invisible/ }));
    expect(screen.getByLabelText('密码')).toHaveAttribute('type', 'text');
  });

  it('refuses a short password before anything is sent', async () => {
    renderLogin();
    await signIn('admin', '12345');
    await shows('密码长度不能少于 6 位');
    expect(bridge.requests).toHaveLength(0);
  });

  it('asks for both fields when they are empty', async () => {
    renderLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: /登\s*录/ }));
    await shows('请输入用户名');
    await shows('请输入密码');
  });

  it('refuses a username the contract does not allow', async () => {
    renderLogin();
    await signIn('ad min', '123456');
    await shows(/用户名只能包含字母/);
    expect(bridge.requests).toHaveLength(0);
  });

  it('shows the server message for a wrong password', async () => {
    renderLogin();
    await signIn('admin', 'not-the-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('用户名或密码错误');
    expect(readToken()).toBeNull();
  });

  it('shows the server message when sign-in is throttled', async () => {
    // Five wrong passwords from this address: the real throttle holds the next attempt.
    for (let i = 0; i < 5; i += 1) await bridge.callRaw('POST', '/base/admin/user/login', { token: '', body: { username: 'admin', password: sha256Hex(`wrong-${i}`) } });
    renderLogin();
    await signIn('admin', admin.password);
    expect(await screen.findByRole('alert')).toHaveTextContent('尝试次数过多，请稍后再试');
  });

  it('signs in with the hashed password and returns to the redirect page', async () => {
    renderLogin('/login?redirect=%2Fsystem%2Fparam');
    await signIn('admin', admin.password);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/system/param'));
    expect(lastLogin()?.password).toBe(sha256Hex(admin.password));
    expect(readToken()).toMatch(/^[\w-]{32,}$/);
  });

  it('ignores a redirect to another site', async () => {
    renderLogin('/login?redirect=https%3A%2F%2Fevil.example%2F');
    await signIn('admin', admin.password);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
  });

  it('switches to English and keeps the choice', async () => {
    renderLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: 'English' }));
    expect(screen.getByRole('heading', { name: 'Staff Admin' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(localStorage.getItem('locale')).toBe('en-US');
  });

  it('shows validation messages in the chosen language', async () => {
    renderLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: 'English' }));
    await signIn('admin', '123', { username: 'Username', password: 'Password', submit: 'Sign in' });
    await shows('The password must be at least 6 characters');
  });

  it('shows a field\'s message only once the field is left, and not while typing', async () => {
    renderLogin();
    const user = userEvent.setup();
    await fill('用户名', 'ad min');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('用户名')).not.toHaveAttribute('aria-invalid');
    await user.tab();
    await shows(/用户名只能包含字母/);
    expect(screen.getByLabelText('用户名')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('用户名')).toHaveAccessibleDescription(/用户名只能包含字母/);
    expect(screen.getByLabelText('用户名').closest('.ant-input-affix-wrapper')).toHaveClass('ant-input-status-error');
    // The password field has not been left yet: no message for it.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByLabelText('密码')).not.toHaveAttribute('aria-invalid');
  });

  it('asks for a field that was left empty', async () => {
    renderLogin();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('用户名'));
    await user.tab();
    await shows('请输入用户名');
    expect(screen.queryByText('请输入密码')).not.toBeInTheDocument();
  });

  it('clears a message as soon as the field is corrected', async () => {
    renderLogin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    await shows('请输入用户名');
    await shows('请输入密码');
    await fill('用户名', 'admin');
    await waitFor(() => expect(screen.queryByText('请输入用户名')).not.toBeInTheDocument());
    expect(screen.getByLabelText('用户名')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('用户名').closest('.ant-input-affix-wrapper')).not.toHaveClass('ant-input-status-error');
    // A password still too short keeps a message (the next rule's), a long enough one none.
    await fill('密码', '123');
    await shows('密码长度不能少于 6 位');
    await user.paste('456');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(bridge.requests).toHaveLength(0);
  });

  it('submits with Enter', async () => {
    renderLogin('/login?redirect=%2Fsystem%2Fparam');
    await fill('用户名', ' admin ');
    await fill('密码', admin.password);
    await userEvent.setup().keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/system/param'));
    expect(lastLogin()?.username).toBe('admin');
  });

  it('checks the fields when Enter is pressed in an empty form, and sends nothing', async () => {
    renderLogin();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('用户名'));
    await user.keyboard('{Enter}');
    await shows('请输入用户名');
    await shows('请输入密码');
    expect(bridge.requests).toHaveLength(0);
  });

  it('shows the button loading and the fields disabled while signing in', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    // Holds the login call, then lets the mock API answer it.
    server.use(http.post('*/base/admin/user/login', async () => void (await answered)));
    renderLogin();
    await signIn('admin', admin.password);
    const button = screen.getByRole('button', { name: /登\s*录/ });
    await waitFor(() => expect(button).toHaveClass('ant-btn-loading'));
    expect(screen.getByLabelText('用户名')).toBeDisabled();
    expect(screen.getByLabelText('密码')).toBeDisabled();
    answer();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
  });

  it('clears the server message when a field changes', async () => {
    renderLogin();
    await signIn('admin', 'not-the-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('用户名或密码错误');
    await fill('密码', 'x');
    await waitFor(() => expect(screen.queryByText('用户名或密码错误')).not.toBeInTheDocument());
  });

  it('switches the language of messages already shown, without showing new ones', async () => {
    renderLogin();
    const user = userEvent.setup();
    await fill('用户名', 'ad min');
    // The username field keeps the focus: switching the language does not count as leaving it.
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await shows(/Use letters, digits/);
    await shows('Please enter your password');
    await user.click(screen.getByRole('button', { name: '简体中文' }));
    await shows(/用户名只能包含字母/);
    await shows('请输入密码');
  });
});
