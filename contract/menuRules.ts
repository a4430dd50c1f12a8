/**
 * What a menu's path, an API element's address and a menu's icon must be: one rule for the menu
 * dialogs' fields and the server's check (contract/entities/menu.ts declares the fields with it).
 *
 * A path is what the console routes by and an API element's address is what the server grants a
 * call by, both compared as typed: a path without its leading "/", with a space or with a
 * character a URL path cannot hold never matches a route or a call, yet used to save without a word.
 */
import { patternText, type Field, type Msg } from './fields';
import { text, type Text } from './i18n';
import { isDirectoryType, type MenuReading, type MenuType } from './menu';
import { menuIconName } from './menuIcons';
import type { RuleMessage } from './messages';

/** Two menus of one sub-system cannot share a path: only one of them could ever be routed to. */
export const MENU_PATH_DUPLICATE: Text = text('该子系统中已有菜单使用此路径', 'Another menu of this sub-system already uses this path');

/** RFC 3986 path characters: unreserved, sub-delims, ":", "@", "/", and %-escapes. */
const PATH_CHARACTERS = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-Fa-f]{2})*$/;

/** Why `value` is not a path a menu or a call can have ("/system/app"), or undefined when it is. */
export function urlPathProblem(value: string): Extract<RuleMessage, 'spaces' | 'leadingSlash' | 'emptySegment' | 'pathCharacters'> | undefined {
  if (/\s/.test(value)) return 'spaces';
  if (!value.startsWith('/')) return 'leadingSlash';
  if (value.includes('//')) return 'emptySegment';
  return PATH_CHARACTERS.test(value) ? undefined : 'pathCharacters';
}

function urlPath(label: Text, max: number): Field<string> {
  return patternText(label, max, (value: string, m: Msg) => {
    if (value.length > max) return m('maxLength', { max });
    const problem = urlPathProblem(value);
    return problem && m(problem);
  });
}

/** A menu's route path (the menu form's 路径). */
export function menuPath(label: Text, max: number): Field<string> {
  return urlPath(label, max);
}

/** An API element's address: the path of the call it grants (the API form's 接口地址). */
export function apiAddress(label: Text, max: number): Field<string> {
  return urlPath(label, max);
}

/** One of the console's icon names (contract/menuIcons.ts), chosen in the menu dialog's picker. */
export function menuIcon(label: Text, max: number): Field<string> {
  return patternText(label, max, (value: string, m: Msg) => {
    if (value.length > max) return m('maxLength', { max });
    return menuIconName(value) ? undefined : m('menuIcon');
  });
}

/** The path a route matches: a trailing "/" makes no other route. */
const routeOf = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * Whether another directory of the same sub-system (a directory type of its `reading`) already has
 * `path`. `nodes` may hold any nodes: only the sub-system's directories count; `id` is the node saved.
 */
export function isMenuPathTaken(
  nodes: ReadonlyArray<{ id: number; appId: number; menuType: MenuType; path: string | null }>,
  candidate: { appId: number; path: string; id?: number },
  reading: MenuReading,
): boolean {
  const route = routeOf(candidate.path.trim());
  return nodes.some(
    (node) =>
      node.appId === candidate.appId && node.id !== candidate.id && isDirectoryType(reading, node.menuType) && node.path !== null && routeOf(node.path.trim()) === route,
  );
}
