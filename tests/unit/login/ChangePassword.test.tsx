import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN as admin } from '../../../mocks/bridge';
import { sha256Hex } from '../../../server/auth/passwords';
import { readMustChangePassword, readToken } from '../../../providers/session';
import AccountPage from '../../../src/pages/ChangePassword';
import Login from '../../../src/pages/Login';
import { PasswordGate } from '../../../src/routing/PasswordGate';
import { bridgePerFile } from '../bridgePerFile';
import { renderRoutes, Where } from './renderRoutes';

vi.setConfig({ testTimeout: 30000 });
configure({ asyncUtilTimeout: 8000 });

const temporary = { code: 'e1001', name: '张三', password: '1a2b3c4d', mustChangePassword: true };

const server = setupServer();
const bridge = bridgePerFile(server);
beforeEach(() => bridge.createUser(temporary));
/** Signs the user with this code in (a session, as a workbench handoff leaves it). */
const signInAs = async (code: string) => localStorage.setItem('token', await bridge.tokenOf(code));
afterEach(() => localStorage.clear());

function renderAt(address: string) {
  return renderRoutes(
    address,
    { '/login': <Login />, '/changePassword': <AccountPage tab="password" />, '/changeEmail': <AccountPage tab="email" /> },
    <PasswordGate>
      <Where />
    </PasswordGate>,
  );
}

async function fill(label: string, value: string) {
  const user = userEvent.setup();
  await user.click(screen.getByLabelText(label));
  await user.paste(value);
}

const submit = () => userEvent.setup().click(screen.getByRole('button', { name: /确认修改/ }));

describe('forced password change', () => {
  it('opens the change-password screen after signing in with a temporary password, then returns where the user was going', async () => {
    renderAt('/login?redirect=%2Forganisation%2Fuser');
    await fill('用户名', 'e1001');
    await fill('密码', temporary.password);
    await userEvent.setup().click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('您的密码已被管理员重置，请先设置新密码')).toBeInTheDocument();
    expect(readMustChangePassword()).toBe(true);
    // Forced: no way around it but signing out.
    expect(screen.queryByRole('button', { name: /返\s*回/ })).toBeNull();

    await fill('当前密码', temporary.password);
    await fill('新密码', 'my-new-secret');
    await fill('确认新密码', 'my-new-secret');
    await submit();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/organisation/user'));
    const sent = bridge.requests.find((r) => r.path.endsWith('/user/changePwd'));
    expect(sent?.body).toEqual({ oldPwd: sha256Hex(temporary.password), newPwd: sha256Hex('my-new-secret') });
    expect(JSON.stringify(sent?.body)).not.toContain('my-new-secret');
    expect(readMustChangePassword()).toBe(false);
    expect(readToken()).toMatch(/^[\w-]{32,}$/);
  });

  it('keeps every other screen closed while the password is temporary', async () => {
    await signInAs('e1001');
    localStorage.setItem('mustChangePassword', '1');
    renderAt('/system/param');
    expect(await screen.findByRole('heading', { name: '修改密码' })).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/changePassword?redirect=%2Fsystem%2Fparam');
  });

  it('checks the fields before anything is sent', async () => {
    await signInAs('e1001');
    renderAt('/changePassword');
    await fill('当前密码', 'same-secret');
    await fill('新密码', 'same-secret');
    await fill('确认新密码', 'other-secret');
    await submit();
    expect(await screen.findByText('新密码不能与当前密码相同')).toBeInTheDocument();
    expect(screen.getByText('两次输入的新密码不一致')).toBeInTheDocument();
    expect(bridge.requests.some((r) => r.path.endsWith('/user/changePwd'))).toBe(false);
  });

  it('opened from the top bar, offers the way back to the page the user came from', async () => {
    await signInAs('admin');
    renderAt('/changePassword?redirect=%2Fsystem%2Fparam');
    expect(screen.getByText('输入当前密码和新密码')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: /返\s*回/ }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/system/param'));
  });

  it('shows the server message when the current password is wrong, and keeps the mark', async () => {
    await signInAs('e1001');
    localStorage.setItem('mustChangePassword', '1');
    renderAt('/changePassword');
    await fill('当前密码', 'not-it-at-all');
    await fill('新密码', 'my-new-secret');
    await fill('确认新密码', 'my-new-secret');
    await submit();
    expect(await screen.findByText('原密码不正确')).toBeInTheDocument();
    expect(readMustChangePassword()).toBe(true);
  });
});

describe('the account page', () => {
  const signIn = () => signInAs('admin');

  it('opens on the e-mail tab at /changeEmail, and the tabs change the address', async () => {
    await signIn();
    renderAt('/changeEmail?redirect=%2Fsystem%2Fparam');
    expect(screen.getByRole('tab', { name: '修改邮箱' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('新邮箱')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: '修改密码' }));
    expect(await screen.findByLabelText('确认新密码')).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/changePassword?redirect=%2Fsystem%2Fparam');
  });

  it('checks the e-mail with the staff rule before anything is sent', async () => {
    await signIn();
    renderAt('/changeEmail');
    await fill('新邮箱', 'not-an-address');
    await userEvent.setup().click(screen.getByRole('button', { name: /确认修改/ }));
    expect(await screen.findByText('请输入当前密码')).toBeInTheDocument();
    expect(screen.getByLabelText('新邮箱')).toHaveAttribute('aria-invalid', 'true');
    expect(bridge.requests.some((r) => r.path.endsWith('/user/changeEmail'))).toBe(false);
  });

  it('sends the new e-mail with the current password hashed, and empties the form', async () => {
    await signIn();
    renderAt('/changeEmail');
    await fill('新邮箱', 'admin.new@example.com');
    await fill('当前密码', admin.password);
    await userEvent.setup().click(screen.getByRole('button', { name: /确认修改/ }));
    // Saved: the form empties itself for the next change.
    await waitFor(() => expect(screen.getByLabelText('新邮箱')).toHaveValue(''));
    const sent = bridge.requests.find((r) => r.path.endsWith('/user/changeEmail'));
    expect(sent?.body).toEqual({ email: 'admin.new@example.com', pwd: sha256Hex(admin.password) });
    expect(await bridge.db.selectFrom('user').select('email').where('code', '=', 'admin').executeTakeFirst()).toEqual({ email: 'admin.new@example.com' });
  });

  it('shows a wrong current password under its field', async () => {
    await signIn();
    renderAt('/changeEmail');
    await fill('新邮箱', 'admin.new@example.com');
    await fill('当前密码', 'not-the-password');
    await userEvent.setup().click(screen.getByRole('button', { name: /确认修改/ }));
    expect(await screen.findByText('原密码不正确')).toBeInTheDocument();
    expect(screen.getByLabelText('当前密码')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the password tab alone while a change is forced', async () => {
    await signInAs('e1001');
    localStorage.setItem('mustChangePassword', '1');
    renderAt('/changeEmail');
    expect(await screen.findByText('您的密码已被管理员重置，请先设置新密码')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByLabelText('新邮箱')).toBeNull();
  });
});
