/**
 * The browser side of a session: what the console keeps in localStorage (keys shared with the
 * platform's other consoles, see contract StorageKey) and the workbench handoff.
 *
 * The workbench opens the console with `?token=…&appId=…`; `takeHandoff` stores both and answers
 * the address without them, which the caller must put in place of the current history entry at
 * once (`consumeHandoff` does both for `window`), so the token never stays in the address bar,
 * the history or a bookmark.
 */
import { isLocale, type Locale } from '../contract/i18n';
import { normaliseTree, type PermissionNode } from '../contract/menu';
import { StorageKey } from '../contract/session';

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Storage can be disabled (privacy settings); the console then lives for one page load.
    return undefined;
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null | undefined): void {
  try {
    if (value === null || value === undefined || value === '') storage()?.removeItem(key);
    else storage()?.setItem(key, value);
  } catch {
    // Quota or disabled storage: nothing sensible to do but keep going.
  }
}

export function readToken(): string | null {
  return read(StorageKey.TOKEN);
}

export function readAppId(): string | null {
  return read(StorageKey.APP_ID);
}

export function readUserName(): string | null {
  return read(StorageKey.USER_NAME);
}

/** Whether the signed-in user must change a temporary password before anything else. */
export function readMustChangePassword(): boolean {
  return read(StorageKey.MUST_CHANGE_PASSWORD) === '1';
}

export interface SessionValues {
  token?: string | null;
  appId?: string | number | null;
  userName?: string | null;
  mustChangePassword?: boolean;
}

/** Stores the given values; keys left out are kept as they are. */
export function saveSession(values: SessionValues): void {
  if (values.token !== undefined) write(StorageKey.TOKEN, values.token);
  if (values.appId !== undefined) write(StorageKey.APP_ID, values.appId === null ? null : String(values.appId));
  if (values.userName !== undefined) write(StorageKey.USER_NAME, values.userName);
  if (values.mustChangePassword !== undefined) write(StorageKey.MUST_CHANGE_PASSWORD, values.mustChangePassword ? '1' : null);
}

/** Forgets the signed-in user: token, user name, menus and the change-password mark. The app id and the locale stay. */
export function clearSession(): void {
  write(StorageKey.TOKEN, null);
  write(StorageKey.USER_NAME, null);
  write(StorageKey.MUST_CHANGE_PASSWORD, null);
  setMenus(null);
}

// ---- menus: the permission tree of the signed-in user, read by access control and the shell --

let menus: PermissionNode[] | null = null;

/** The user's permission tree: in memory, else the copy saved in localStorage `menuList`. */
export function getMenus(): PermissionNode[] | null {
  if (menus) return menus;
  const saved = read(StorageKey.MENU_LIST);
  if (!saved) return null;
  try {
    const parsed: unknown = JSON.parse(saved);
    menus = Array.isArray(parsed) ? normaliseTree(parsed) : null;
  } catch {
    menus = null;
  }
  return menus;
}

/** Replaces the tree (null forgets it), in memory and in localStorage `menuList`. */
export function setMenus(tree: readonly PermissionNode[] | null): void {
  menus = tree ? [...tree] : null;
  write(StorageKey.MENU_LIST, tree ? JSON.stringify(tree) : null);
}

// ---- locale ---------------------------------------------------------------------------------

export function readLocale(): Locale | null {
  const value = read(StorageKey.LOCALE);
  return isLocale(value) ? value : null;
}

export function saveLocale(locale: Locale): void {
  write(StorageKey.LOCALE, locale);
}

// ---- workbench handoff ----------------------------------------------------------------------

export interface AddressLike {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * When the address carries `token` (and `appId`), stores them and answers the address
 * (path + remaining query + hash) without those two parameters; otherwise answers null and
 * stores nothing. A handoff replaces the previous session: the old user name and menus go.
 */
export function takeHandoff(location: AddressLike): string | null {
  const params = new URLSearchParams(location.search);
  const token = params.get('token');
  if (!token) return null;
  const appId = params.get('appId');
  clearSession();
  saveSession({ token, ...(appId ? { appId } : {}) });
  params.delete('token');
  params.delete('appId');
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
}

/**
 * `takeHandoff` on the window's own address, replacing the history entry with the cleaned
 * address. Call it once before the router starts (main.tsx); answers whether a handoff happened.
 */
export function consumeHandoff(win: Window = window): boolean {
  const cleaned = takeHandoff(win.location);
  if (cleaned === null) return false;
  win.history.replaceState(win.history.state, '', cleaned);
  return true;
}
