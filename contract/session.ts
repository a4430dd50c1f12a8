import { text } from './i18n';
import type { MenuReading } from './menu';

export const loginLabels = {
  username: text('用户名', 'Username'),
  password: text('密码', 'Password'),
};

/** Usernames are employee codes or `admin`: letters, digits, `_`, `.`, `-`, 1 to 32 characters. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{1,32}$/;
/** The typed password is at least this long (checked before hashing, in the form). */
export const MIN_PASSWORD_LENGTH = 6;
/** Passwords travel as the lowercase hex SHA-256 of the typed text. */
export const PASSWORD_HASH_PATTERN = /^[0-9a-f]{64}$/;

export interface LoginAnswer {
  token: string;
  /** Id of the base app. */
  appId: number;
  /** The caller's granted menu tree for the base app, as the platform answers it. */
  auth_router: unknown[];
  mustChangePassword?: boolean;
}

export interface UserInfo {
  id: number;
  name: string;
  code: string;
  avatar: string;
  /** The session this token opened (online users marks it as the caller's own); the platform's own server may not say. */
  sessionId?: number;
}

export interface PermissionAnswer {
  userInfo: { name: string };
  menus: unknown[];
  /** Which reading of menu types `menus` is in (contract/menu.ts); absent (the platform's answer) is A. */
  menuReading?: MenuReading;
}

/** Storage keys the platform's consoles share. */
export const StorageKey = {
  TOKEN: 'token',
  APP_ID: 'appId',
  USER_NAME: 'userName',
  MENU_LIST: 'menuList',
  /** The reading of menu types `menuList` is in (absent: A). */
  MENU_READING: 'menuReading',
  LOCALE: 'locale',
  /** Set while the signed-in user must change a temporary password before anything else. */
  MUST_CHANGE_PASSWORD: 'mustChangePassword',
} as const;

/** Header carrying the token. */
export const TOKEN_HEADER = 'access_token';
/** All application calls sit below this prefix. */
export const API_PREFIX = '/base/admin';

/**
 * Every prefix of the platform's calls (DESIGN: application; dashboard and site users; UA, demo
 * and template calls under /v2). The server guards every route below them.
 */
export const API_PREFIXES: readonly string[] = [API_PREFIX, '/admin/dashboard', '/siteuser', '/v2'];

function startsWithSegment(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** Whether a path lies below one of the platform's call prefixes. */
export function isCallPath(path: string): boolean {
  return API_PREFIXES.some((prefix) => startsWithSegment(path, prefix));
}

/**
 * The `url` an API element holds for a call: below /base/admin the path without that prefix (as
 * SPEC §7 lists them, `/user/list`), below the other prefixes the whole path (`/v2/ua/list`).
 */
export function apiElementPath(path: string): string {
  return startsWithSegment(path, API_PREFIX) ? path.slice(API_PREFIX.length) : path;
}

/**
 * The session's own calls (below API_PREFIX): every signed-in user makes them, no API element grants
 * them. Sign-in is public; the others need a session only.
 */
export const LOGIN_PATH = '/user/login';
export const USER_INFO_PATH = '/user/info';
export const LOGOUT_PATH = '/user/logout';
/** The caller's granted menu tree of a sub-system. */
/**
 * The API document (server/openapi; the API reference screen reads it). Here, in the entry's chunk,
 * rather than in ./openapi.ts or ./paths.ts: a module the page shared with the page registry's chunk
 * would pull the page's antd components into that chunk's graph.
 */
export const OPENAPI_PATH = '/openapi.json';

export const PERMISSIONS_PATH = '/permission/pemByUserAndApp';
/** The workbench's cards: the sub-systems the caller may open. */
export const WORKBENCH_APPS_PATH = '/workbench/apps';

/** The console's change-password screen (forced after a password reset, or opened from the top bar). */
export const CHANGE_PASSWORD_ROUTE = '/changePassword';

/** Where a signed-in user changes their own password (below API_PREFIX); reachable while a change is required. */
export const CHANGE_PASSWORD_PATH = '/user/changePwd';

/** The account page's e-mail tab; the password tab is CHANGE_PASSWORD_ROUTE. */
export const CHANGE_EMAIL_ROUTE = '/changeEmail';

/** Where a signed-in user changes their own e-mail (below API_PREFIX), giving their current password. */
export const CHANGE_EMAIL_PATH = '/user/changeEmail';

/**
 * The workbench handoff: a card's link to a trusted sub-system carries `?handoff=<one-time code>&appId=…`
 * (HANDOFF_PARAM); the console there exchanges the code once, within a minute, at
 * POST API_PREFIX + HANDOFF_EXCHANGE_PATH `{ handoff, appId }` for `{ token, appId }`. The
 * workbench page asks for a card's link at POST API_PREFIX + WORKBENCH_LINK_PATH `{ appId }`.
 */
export const HANDOFF_PARAM = 'handoff';
export const HANDOFF_EXCHANGE_PATH = '/user/handoff';
export const WORKBENCH_LINK_PATH = '/workbench/handoff';

/** What the exchange of a handoff code answers. */
export interface HandoffAnswer {
  token: string;
  appId: number;
}

/** The workbench page the server serves itself (not a console route: reached by a full page load). */
export const WORKBENCH_PATH = '/workbench';

/** Whether a same-origin path is a page of the server rather than a route of the console. */
export function isServerPage(path: string): boolean {
  const pathname = path.split(/[?#]/)[0];
  return pathname === WORKBENCH_PATH;
}
