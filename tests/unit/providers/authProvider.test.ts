import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN as admin } from '../../../mocks/bridge';
import { sha256Hex } from '../../../server/auth/passwords';
import { createAuthProvider, LOGOUT_DELAY_MS, safeRedirect } from '../../../providers/authProvider';
import { createHttpClient } from '../../../providers/http';
import { getMenuReading, getMenus, readAppId, readToken, readUserName, saveSession, setMenus } from '../../../providers/session';
import { resourceDefinitions } from '../../../resources/registry';
import { bridgePerFile } from '../bridgePerFile';

const server = setupServer();
const bridge = bridgePerFile(server);
/** The login body as the server received it. */
const lastLogin = () => bridge.requests.filter((r) => r.path.endsWith('/user/login')).at(-1)?.body as { username: string; password: string } | undefined;

const navigate = vi.fn();
const notifyError = vi.fn();

beforeEach(() => {
  navigate.mockReset();
  notifyError.mockReset();
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function auth(workbenchUrl = '/login') {
  const http = createHttpClient({ getToken: readToken });
  return createAuthProvider({ http, workbenchUrl, navigate, notifyError });
}

describe('login', () => {
  it('sends the SHA-256 hex of the typed password, never the password itself', async () => {
    const result = await auth().login({ username: '  admin ', password: admin.password });
    expect(result.success).toBe(true);
    expect(lastLogin()).toEqual({ username: 'admin', password: sha256Hex(admin.password) });
    const sent = JSON.stringify(bridge.requests.map((r) => r.body));
    expect(sent).not.toContain(admin.password);
    expect(lastLogin()?.password).toMatch(/^[0-9a-f]{64}$/);
  });

  it('stores token, app id and user name', async () => {
    await auth().login({ username: 'admin', password: admin.password });
    expect(readToken()).toMatch(/^[\w-]{32,}$/);
    expect(readAppId()).toBe('1');
    expect(readUserName()).toBe('admin');
  });

  it('returns to the redirect address when it is a path of this console', async () => {
    window.history.replaceState(null, '', '/login?redirect=%2Fsystem%2Fparam%3Fpage%3D2');
    await expect(auth().login({ username: 'admin', password: admin.password })).resolves.toMatchObject({ redirectTo: '/system/param?page=2' });
  });

  it.each(['https://evil.example/steal', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)'])('goes home instead of to %s', async (target) => {
    window.history.replaceState(null, '', `/login?redirect=${encodeURIComponent(target)}`);
    await expect(auth().login({ username: 'admin', password: admin.password })).resolves.toMatchObject({ redirectTo: '/' });
  });

  it('answers the server message on a wrong password and stores nothing', async () => {
    const result = await auth().login({ username: 'admin', password: 'wrong-password' });
    expect(result).toMatchObject({ success: false, code: 1006, error: { message: '用户名或密码错误' } });
    expect(readToken()).toBeNull();
  });

  it('answers the server message when sign-in is throttled', async () => {
    // Five wrong passwords from this address: the real throttle holds the sixth attempt.
    for (let i = 0; i < 5; i += 1) await bridge.callRaw('POST', '/base/admin/user/login', { token: '', body: { username: 'admin', password: sha256Hex(`wrong-${i}`) } });
    await expect(auth().login({ username: 'admin', password: admin.password })).resolves.toMatchObject({ success: false, code: 1009, error: { message: '尝试次数过多，请稍后再试' } });
  });
});

describe('temporary password', () => {
  const temporary = { code: 'e1001', password: '1a2b3c4d', mustChangePassword: true };
  beforeEach(() => bridge.createUser(temporary));

  it('sends a user signing in with a temporary password to the change-password screen first, keeping the way back', async () => {
    window.history.replaceState(null, '', '/login?redirect=%2Forganisation%2Fuser');
    await expect(auth().login({ username: 'e1001', password: temporary.password })).resolves.toMatchObject({
      success: true,
      redirectTo: '/changePassword?redirect=%2Forganisation%2Fuser',
    });
    expect(localStorage.getItem('mustChangePassword')).toBe('1');
  });

  it('changes the password with both values hashed and forgets the mark', async () => {
    saveSession({ token: await bridge.tokenOf('e1001'), mustChangePassword: true });
    window.history.replaceState(null, '', '/changePassword?redirect=%2Fsystem%2Fparam');
    const result = await auth().updatePassword!({ currentPassword: temporary.password, password: 'brand-new-1' });
    expect(result).toMatchObject({ success: true, redirectTo: '/system/param' });
    expect(bridge.requests.at(-1)?.body).toEqual({ oldPwd: sha256Hex(temporary.password), newPwd: sha256Hex('brand-new-1') });
    expect(localStorage.getItem('mustChangePassword')).toBeNull();
  });

  it('opens the change-password screen when the server answers 1008', () => {
    saveSession({ token: 'tok' });
    window.history.replaceState(null, '', '/system/param?page=2');
    auth().requirePasswordChange();
    expect(localStorage.getItem('mustChangePassword')).toBe('1');
    expect(navigate).toHaveBeenCalledWith('/changePassword?redirect=%2Fsystem%2Fparam%3Fpage%3D2');
  });
});

describe('safeRedirect', () => {
  it('keeps same-origin paths with query and hash, and never returns to /login', () => {
    const origin = 'http://console.example';
    expect(safeRedirect('/a/b?c=1#d', origin)).toBe('/a/b?c=1#d');
    expect(safeRedirect('/login?redirect=/x', origin)).toBe('/');
    expect(safeRedirect(null, origin)).toBe('/');
    expect(safeRedirect('relative/path', origin)).toBe('/');
  });
});

describe('check', () => {
  it('drops a handoff that reaches the address after start from it, and never uses it', async () => {
    saveSession({ token: 'mine' });
    window.history.replaceState(null, '', '/system/param?token=handed&appId=7&tab=1');
    await expect(auth().check()).resolves.toEqual({ authenticated: true });
    expect(readToken()).toBe('mine');
    expect(readAppId()).not.toBe('7');
    expect(window.location.pathname + window.location.search).toBe('/system/param?tab=1');
  });

  it('is signed in with a stored token', async () => {
    saveSession({ token: 'stored' });
    await expect(auth().check()).resolves.toEqual({ authenticated: true });
  });

  it('without a token sends the user to the console login, remembering the page', async () => {
    window.history.replaceState(null, '', '/system/param?page=2');
    await expect(auth().check()).resolves.toEqual({ authenticated: false, redirectTo: '/login?redirect=%2Fsystem%2Fparam%3Fpage%3D2' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('without a token leaves for a workbench on another site', async () => {
    const result = await auth('https://workbench.example/login').check();
    expect(result).toMatchObject({ authenticated: false });
    expect(result.redirectTo).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('https://workbench.example/login');
  });
});

describe('logout', () => {
  it('tells the server, clears the session, and goes to the workbench after 500 ms', async () => {
    await auth().login({ username: 'admin', password: admin.password });
    setMenus([]);
    const started = Date.now();
    const result = await auth().logout({});
    expect(Date.now() - started).toBeGreaterThanOrEqual(LOGOUT_DELAY_MS - 10);
    expect(bridge.requests.some((r) => r.path === '/base/admin/user/logout')).toBe(true);
    expect(readToken()).toBeNull();
    expect(readUserName()).toBeNull();
    expect(localStorage.getItem('menuList')).toBeNull();
    expect(result).toEqual({ success: true, redirectTo: '/login' });
  });

  it('leaves for a workbench on another site only after the delay', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    saveSession({ token: 'gone-already' });
    const done = auth('https://workbench.example/').logout({});
    await vi.advanceTimersByTimeAsync(LOGOUT_DELAY_MS - 50);
    expect(navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60);
    await expect(done).resolves.toEqual({ success: true });
    expect(navigate).toHaveBeenCalledWith('https://workbench.example/');
  });

  it('ends the session even when the logout call fails', async () => {
    saveSession({ token: 'unknown' });
    await expect(auth().logout({})).resolves.toMatchObject({ success: true });
    expect(readToken()).toBeNull();
  });
});

describe('onError', () => {
  it.each([1002, 1007])('logs out on %i', async (code) => {
    saveSession({ token: 'tok' });
    await expect(auth().onError({ statusCode: code, message: 'x' })).resolves.toEqual({ logout: true });
  });

  it('does not log out again for a late answer after logout', async () => {
    await expect(auth().onError({ statusCode: 1007, message: 'x' })).resolves.toEqual({});
  });

  it('ignores other errors', async () => {
    await expect(auth().onError({ statusCode: 1003, message: 'x' })).resolves.toEqual({});
  });
});

describe('identity and permissions', () => {
  it('reads the identity from user/info', async () => {
    const provider = auth();
    await provider.login({ username: 'admin', password: admin.password });
    await expect(provider.getIdentity!()).resolves.toMatchObject({ id: 1, name: '超级管理员' });
  });

  it('on empty user info says "verification failed" and logs out', async () => {
    const provider = auth();
    await provider.login({ username: 'admin', password: admin.password });
    server.use(http.get('*/base/admin/user/info', () => HttpResponse.json({ code: 0, msg: 'success', data: null })));
    await expect(provider.getIdentity!()).rejects.toThrow('验证失败，请重新登录。');
    expect(notifyError).toHaveBeenCalledWith('验证失败，请重新登录。');
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'), { timeout: 2000 });
    expect(readToken()).toBeNull();
  });

  it('loads the menu tree of the stored app, normalised, and keeps it for access control', async () => {
    const provider = auth();
    await provider.login({ username: 'admin', password: admin.password });
    const tree = await provider.getPermissions();
    expect(bridge.requests.at(-1)).toMatchObject({ path: '/base/admin/permission/pemByUserAndApp', query: { appId: '1' } });
    // Home, then the navigations (the seeded tree's shape), those of the declared resources' groups among them.
    const groups = new Set(resourceDefinitions.flatMap((d) => (d.menu ? [d.menu.navigation] : [])));
    expect(tree.map((n) => n.menuType)).toEqual([5, ...tree.slice(1).map(() => 3)]);
    expect(tree.slice(1).map((n) => n.url)).toEqual(expect.arrayContaining([...groups]));
    expect(tree.every((n) => Array.isArray(n.children))).toBe(true);
    expect(getMenus()).toEqual(tree);
    expect(readUserName()).toBe('超级管理员');
  });

  it('keeps the reading of menu types the tree is in: A when the answer names none (the platform\'s), else the one named', async () => {
    // The platform's own backend names no reading; this server always does.
    server.use(http.get('*/base/admin/permission/pemByUserAndApp', () => HttpResponse.json({ code: 0, msg: 'success', data: { userInfo: { name: '超级管理员' }, menus: [] } })));
    const provider = auth();
    await provider.login({ username: 'admin', password: admin.password });
    await provider.getPermissions();
    expect(getMenuReading()).toBe('A');
    server.resetHandlers(bridge.handler);
    const app = await bridge.save('/base/admin/app', { code: 'ops', name: '运营系统', businessType: 2, isEnable: '1', sort: 2, address: 'http://ops.example', logo: '', menuReading: 'B' });
    saveSession({ token: bridge.token, appId: app.id });
    await provider.getPermissions();
    expect(getMenuReading()).toBe('B');
    expect(localStorage.getItem('menuReading')).toBe('B');
  });

  it('shares one call between simultaneous callers', async () => {
    const provider = auth();
    await provider.login({ username: 'admin', password: admin.password });
    await Promise.all([provider.getPermissions(), provider.getPermissions(), provider.getPermissions()]);
    expect(bridge.requests.filter((r) => r.path.endsWith('pemByUserAndApp'))).toHaveLength(1);
  });

  it('on a failed permission call shows the error, then after 5 s goes to the workbench login', async () => {
    saveSession({ token: bridge.token, appId: 1 });
    server.use(http.get('*/base/admin/permission/pemByUserAndApp', () => HttpResponse.json({ code: 1003, msg: '没有访问权限', data: null }, { status: 403 })));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await expect(auth().getPermissions()).rejects.toMatchObject({ code: 1003 });
    expect(notifyError).toHaveBeenCalledWith('没有访问权限');
    await vi.advanceTimersByTimeAsync(4900);
    expect(navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(readToken()).toBeNull();
  });

  it('ends the session at once on 1002/1007', () => {
    saveSession({ token: 'dead' });
    window.history.replaceState(null, '', '/system/app');
    auth().endSession();
    expect(readToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fsystem%2Fapp');
  });
});
