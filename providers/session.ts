/**
 * The browser side of a session: what the console keeps in localStorage (keys shared with the
 * platform's other consoles, see contract StorageKey) and the workbench handoff's address.
 *
 * A workbench opens the console with `?token=…&appId=…` (the platform's) or `?handoff=<one-time
 * code>&appId=…` (this server's); `readHandoff` reads them and answers the address without them,
 * which must replace the current history entry at once, so no credential stays in the address
 * bar, the history or a bookmark. Taking it over is handoff.ts's job.
 */
import { isLocale, type Locale } from '../contract/i18n';
import { DEFAULT_MENU_READING, menuReadingOf, normaliseTree, type MenuReading, type PermissionNode } from '../contract/menu';
import { HANDOFF_PARAM, StorageKey } from '../contract/session';

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
let menuReading: MenuReading | null = null;

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

/** The reading of menu types the tree is in (contract/menu.ts): in memory, else localStorage `menuReading`, else A. */
export function getMenuReading(): MenuReading {
  menuReading ??= menuReadingOf(read(StorageKey.MENU_READING));
  return menuReading;
}

/**
 * Replaces the tree and the reading it is in (null forgets both), in memory and in localStorage
 * `menuList` and `menuReading`.
 */
export function setMenus(tree: readonly PermissionNode[] | null, reading: MenuReading = DEFAULT_MENU_READING): void {
  menus = tree ? [...tree] : null;
  menuReading = tree ? reading : null;
  write(StorageKey.MENU_LIST, tree ? JSON.stringify(tree) : null);
  write(StorageKey.MENU_READING, tree ? reading : null);
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

export interface Handoff {
  /** A session token (`?token=`) or a one-time code to exchange for one (`?handoff=`). */
  credential: { kind: 'token' | 'code'; value: string };
  appId: string | null;
  /** The address (path + remaining query + hash) without the handoff's parameters. */
  cleaned: string;
}

/** The handoff the address carries, if any; stores nothing. */
export function readHandoff(location: AddressLike): Handoff | null {
  const params = new URLSearchParams(location.search);
  const token = params.get('token');
  const code = params.get(HANDOFF_PARAM);
  if (!token && !code) return null;
  const appId = params.get('appId');
  for (const name of ['token', HANDOFF_PARAM, 'appId']) params.delete(name);
  const query = params.toString();
  return {
    credential: code ? { kind: 'code', value: code } : { kind: 'token', value: token! },
    appId: appId || null,
    cleaned: `${location.pathname}${query ? `?${query}` : ''}${location.hash}`,
  };
}

/** Signs in with a handed-over token; the previous session (user name, menus) is forgotten. */
export function startSession(token: string, appId: string | number | null): void {
  clearSession();
  saveSession({ token, ...(appId !== null && appId !== '' ? { appId } : {}) });
}
