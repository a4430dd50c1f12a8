/**
 * Refine's AuthProvider for the platform's session calls (SPEC §7 Session, §4, §8).
 *
 * Where "the workbench" is: `workbenchUrl` (server setting WORKBENCH_URL, default the console's
 * own '/login'). An absolute URL on another origin is left with a full page load; a path of the
 * console itself is a Refine redirect, with `?redirect=<where the user was>` so login returns
 * there.
 */
import type { AuthProvider, CheckResponse } from '@refinedev/core';
import { SESSION_ENDED_CODES } from '../contract/codes';
import { menuReadingOf, normaliseTree, type PermissionNode } from '../contract/menu';
import { API_PREFIX, CHANGE_PASSWORD_PATH, CHANGE_PASSWORD_ROUTE, LOGIN_PATH, LOGOUT_PATH, PERMISSIONS_PATH, USER_INFO_PATH, type PermissionAnswer, type UserInfo } from '../contract/session';
import { translate } from './locale';
import { ApiError, type HttpClient } from './http';
import { clearSession, getMenus, readAppId, readHandoff, readToken, saveSession, setMenus } from './session';

/** SPEC §4: logout waits this long before leaving. */
export const LOGOUT_DELAY_MS = 500;
/** SPEC §4: a failed permission call shows its error this long, then leaves for the workbench login. */
export const PERMISSION_ERROR_MS = 5000;

export const SESSION_PATHS = {
  login: `${API_PREFIX}${LOGIN_PATH}`,
  info: `${API_PREFIX}${USER_INFO_PATH}`,
  logout: `${API_PREFIX}${LOGOUT_PATH}`,
  permissions: `${API_PREFIX}${PERMISSIONS_PATH}`,
  changePassword: `${API_PREFIX}${CHANGE_PASSWORD_PATH}`,
} as const;

/** `data` of a successful login (the platform may add fields). */
export interface LoginData {
  token: string;
  appId?: string | number;
  auth_router?: unknown[];
  mustChangePassword?: boolean;
}

export interface LoginParams {
  username: string;
  password: string;
}

/** What the change-password screen sends: the current and the new password, as typed. */
export interface ChangePasswordParams {
  currentPassword: string;
  password: string;
}

export interface Identity {
  id: number;
  name: string;
  code: string;
  avatar: string;
}

export interface AuthProviderOptions {
  http: HttpClient;
  workbenchUrl: string;
  /** Full page load to another address (default `window.location.assign`). */
  navigate?: (url: string) => void;
  /** Shows an error to the user (the console passes its notification provider). */
  notifyError?: (message: string) => void;
  /** The session is over (logout, or ended by the server): what holds it open lets go (the live stream). */
  onSignedOut?: () => void;
}

export interface ConsoleAuthProvider extends AuthProvider {
  /** Ends the session at once after a 1002/1007 answer: forgets it and leaves for the workbench. */
  endSession(): void;
  getPermissions(): Promise<PermissionNode[]>;
  /** After a 1008 answer: marks the session and opens the change-password screen. */
  requirePasswordChange(): void;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function here(): URL {
  return new URL(window.location.href);
}

/**
 * The `redirect` query value when it is a path of this console (same origin), else '/'.
 * Absolute URLs elsewhere, protocol-relative `//host` and `/\host` tricks all answer '/'.
 */
export function safeRedirect(value: string | null | undefined, origin: string = window.location.origin): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return '/';
    const path = `${url.pathname}${url.search}${url.hash}`;
    return url.pathname === '/login' ? '/' : path;
  } catch {
    return '/';
  }
}

/** The change-password screen, returning to `redirect` (a path of this console) afterwards. */
export function changePasswordPath(redirect: string): string {
  return redirect === '/' ? CHANGE_PASSWORD_ROUTE : `${CHANGE_PASSWORD_ROUTE}?redirect=${encodeURIComponent(redirect)}`;
}

/** The workbench as seen from this page: another site (`external`) or a path of the console. */
export function resolveWorkbench(workbenchUrl: string, origin: string = window.location.origin): { external: boolean; url: string } {
  const url = new URL(workbenchUrl || '/login', origin);
  if (url.origin !== origin) return { external: true, url: url.toString() };
  return { external: false, url: `${url.pathname}${url.search}${url.hash}` };
}

export function createAuthProvider({
  http,
  workbenchUrl,
  navigate = (url) => window.location.assign(url),
  notifyError = () => {},
  onSignedOut = () => {},
}: AuthProviderOptions): ConsoleAuthProvider {
  let leaving = false;
  let permissionsInFlight: Promise<PermissionNode[]> | null = null;

  /** The console's own login with `?redirect=` back to the current page (not for '/' or /login). */
  function loginPath(base: string): string {
    const { pathname, search, hash } = here();
    const current = `${pathname}${search}${hash}`;
    if (pathname === base.split('?')[0] || current === '/') return base;
    const separator = base.includes('?') ? '&' : '?';
    return `${base}${separator}redirect=${encodeURIComponent(current)}`;
  }

  /**
   * Where to go when the session is gone: answers the Refine redirect for a console path,
   * or leaves the page for another site and answers undefined.
   */
  function workbenchRedirect(): string | undefined {
    const workbench = resolveWorkbench(workbenchUrl);
    if (!workbench.external) return loginPath(workbench.url);
    navigate(workbench.url);
    return undefined;
  }

  /** Outside Refine's hooks: a full page load to the workbench (login). */
  function leaveForWorkbench(): void {
    const workbench = resolveWorkbench(workbenchUrl);
    navigate(workbench.external ? workbench.url : loginPath(workbench.url));
  }

  async function logout(): Promise<{ success: true; redirectTo?: string }> {
    if (readToken()) {
      try {
        await http.post(SESSION_PATHS.logout);
      } catch {
        // The session ends here whatever the server says.
      }
    }
    clearSession();
    onSignedOut();
    permissionsInFlight = null;
    await wait(LOGOUT_DELAY_MS);
    const workbench = resolveWorkbench(workbenchUrl);
    if (workbench.external) {
      navigate(workbench.url);
      return { success: true };
    }
    return { success: true, redirectTo: workbench.url };
  }

  async function loadPermissions(): Promise<PermissionNode[]> {
    try {
      const answer = await http.get<PermissionAnswer>(SESSION_PATHS.permissions, { appId: readAppId() ?? undefined });
      const tree = normaliseTree(Array.isArray(answer?.menus) ? answer.menus : []);
      // The platform's answer names no reading: its trees are read as A.
      setMenus(tree, menuReadingOf(answer?.menuReading));
      if (answer?.userInfo?.name) saveSession({ userName: answer.userInfo.name });
      return tree;
    } catch (error) {
      const sessionEnded = error instanceof ApiError && SESSION_ENDED_CODES.includes(error.code);
      if (!sessionEnded && !leaving) {
        notifyError(error instanceof Error ? error.message : String(error));
        leaving = true;
        setTimeout(() => {
          clearSession();
          leaveForWorkbench();
        }, PERMISSION_ERROR_MS);
      }
      throw error;
    }
  }

  return {
    login: async ({ username, password }: LoginParams) => {
      try {
        // The hash code loads with the first sign-in, not with the page.
        const { hashPassword } = await import('./password');
        const data = await http.post<LoginData>(SESSION_PATHS.login, {
          username: String(username ?? '').trim(),
          password: hashPassword(String(password ?? '')),
        });
        clearSession();
        const mustChangePassword = data.mustChangePassword === true;
        saveSession({
          token: data.token,
          userName: String(username).trim(),
          mustChangePassword,
          ...(data.appId !== undefined ? { appId: data.appId } : {}),
        });
        leaving = false;
        permissionsInFlight = null;
        const redirectTo = safeRedirect(here().searchParams.get('redirect') ?? here().searchParams.get('to'));
        // A temporary password: nothing else answers until it is changed (the server says 1008).
        return { success: true, redirectTo: mustChangePassword ? changePasswordPath(redirectTo) : redirectTo, mustChangePassword };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return {
          success: false,
          error: { name: translate('login.failed'), message },
          code: error instanceof ApiError ? error.code : undefined,
        };
      }
    },

    logout,

    updatePassword: async ({ currentPassword, password }: ChangePasswordParams) => {
      try {
        const { hashPassword } = await import('./password');
        await http.post(SESSION_PATHS.changePassword, { oldPwd: hashPassword(currentPassword), newPwd: hashPassword(password) });
        saveSession({ mustChangePassword: false });
        return { success: true, redirectTo: safeRedirect(here().searchParams.get('redirect')) };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return { success: false, error: { name: translate('password.failed'), message } };
      }
    },

    check: async (): Promise<CheckResponse> => {
      // A handoff is taken over before the console starts (handoff.ts); one reaching the address
      // later is dropped from it, never used.
      const handoff = readHandoff(window.location);
      if (handoff) window.history.replaceState(window.history.state, '', handoff.cleaned);
      if (readToken()) return { authenticated: true };
      const redirectTo = workbenchRedirect();
      return redirectTo ? { authenticated: false, redirectTo } : { authenticated: false, logout: false };
    },

    onError: async (error: unknown) => {
      const code = (error as { statusCode?: unknown; code?: unknown } | null)?.statusCode ?? (error as { code?: unknown } | null)?.code;
      // Without a token the session is already over (a late answer after logout): nothing to undo.
      if (typeof code === 'number' && SESSION_ENDED_CODES.includes(code) && readToken()) return { logout: true };
      return {};
    },

    getIdentity: async (): Promise<Identity> => {
      const info = await http.get<UserInfo | null>(SESSION_PATHS.info);
      if (!info || !info.name) {
        const message = translate('session.verificationFailed');
        notifyError(message);
        void logout().then(({ redirectTo }) => {
          if (redirectTo) navigate(loginPath(redirectTo));
        });
        throw new Error(message);
      }
      return info;
    },

    getPermissions: () => {
      // Calls made while one is under way share it (access control asks for many buttons at once).
      permissionsInFlight ??= loadPermissions().finally(() => {
        permissionsInFlight = null;
      });
      return permissionsInFlight;
    },

    requirePasswordChange: () => {
      if (leaving) return;
      saveSession({ mustChangePassword: true });
      const { pathname, search, hash } = here();
      if (pathname !== CHANGE_PASSWORD_ROUTE) navigate(changePasswordPath(safeRedirect(`${pathname}${search}${hash}`)));
    },

    endSession: () => {
      if (leaving) return;
      leaving = true;
      clearSession();
      onSignedOut();
      permissionsInFlight = null;
      leaveForWorkbench();
    },
  };
}

/** The tree for access control: the one known, else loaded once through the provider. */
export function treeSource(auth: ConsoleAuthProvider): () => Promise<PermissionNode[] | null> {
  return async () => getMenus() ?? (readToken() ? auth.getPermissions() : null);
}
