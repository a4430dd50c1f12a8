import type { Locale, Text } from '../../contract/i18n';
import type { PermissionNode } from '../../contract/menu';

/**
 * Seeded menu titles by menu `url` (component name, or navigation key): contract/menuTitles.ts
 * plus every declarative resource's `definition.title`. Built by the page registry
 * (resources/pages.ts), so it loads with it rather than with the entry chunk.
 */
export type KnownTitles = ReadonlyMap<string, Text>;

/** The seed stores a menu's name in this locale (server/db/baseMenuTree.ts). */
const SEEDED_LOCALE: Locale = 'zh-CN';

/**
 * The title a menu shows in `locale`: a seeded menu (its `url` has a known title and its name is
 * still the seeded zh-CN text) reads in the current language; a menu an administrator named or
 * renamed, or one the console has no title for, shows its name as typed.
 */
export function menuTitle(node: Pick<PermissionNode, 'name' | 'url'>, locale: Locale, knownTitles: KnownTitles): string {
  const known = knownTitles.get((node.url ?? '').trim());
  if (!known || node.name !== known[SEEDED_LOCALE]) return node.name;
  return known[locale] || node.name;
}
