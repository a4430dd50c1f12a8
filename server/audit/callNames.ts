/**
 * The audit log names each call as the action it is (review of issue 20, item 16): the rows a list
 * or detail answers carry `routeName`, the name the base app's permission tree gives the call's API
 * element, after its screen's (`参数配置 · 保存`), looked up by path; the console shows it with the
 * path in a tooltip. A seeded name reads in the caller's language (./apiNames in server/db, the
 * screens' titles); a name an administrator typed shows as typed. The session's own calls (sign in,
 * change password), which no element grants, are named from server/db/apiNames.ts; any other call
 * keeps its path alone.
 */
import type { Kysely } from 'kysely';
import { BASE_APP_CODE, MenuType, type Locale, type Text } from '../../contract';
import { MENU_TITLES } from '../../contract/menuTitles';
import type { ResourceDefinition } from '../../resources/define';
import type { CrudFeature } from '../crud/feature';
import type { ResourceRecord } from '../crud/repository';
import { apiName, SESSION_CALL_NAMES } from '../db/apiNames';
import type { Database } from '../db/schema';
import { apiElementPath } from '../http/paths';
import { auditLogScope } from './staffRows';

/** Paths whose elements one server keeps (the calls' paths are the server's routes: a few hundred). */
const CACHED_PATHS = 5_000;

/** A stored name in `locale`: the seeded text's translation while the name is still the seeded one. */
function translated(name: string, seeded: Text | undefined, locale: Locale): string {
  return seeded && seeded['zh-CN'] === name ? seeded[locale] : name;
}

export function auditLogPolicy(definitions: readonly ResourceDefinition[]): CrudFeature {
  const screenTitles = new Map<string, Text>([...Object.entries(MENU_TITLES), ...definitions.map((d) => [d.name, d.title] as const)]);

  /** The API element of a path, as stored: its name, and its screen's name and url (null: none). */
  type Element = { name: string; menuName: string; menuUrl: string } | null;
  /**
   * Elements by path, as read while the grants version (migration 0004, moved by every write to
   * `permission`) was `version`: a list request names its page's calls from here, with no statement
   * while nothing was renamed. The guard read the version with the session at the request's time,
   * so a rename (on any server sharing the database) is read again from the next request on.
   */
  let cache: { version: number; byPath: Map<string, Element> } = { version: -1, byPath: new Map() };

  /** The stored elements of `paths`: the API element below its page element and menu, the first where several share a path. */
  async function readElements(db: Kysely<Database>, paths: readonly string[]): Promise<Map<string, Element>> {
    const rows = await db
      .selectFrom('permission as api')
      .innerJoin('app', 'app.id', 'api.appId')
      .innerJoin('permission as element', 'element.id', 'api.parentId')
      .innerJoin('permission as menu', 'menu.id', 'element.parentId')
      .select(['api.url as url', 'api.name as name', 'menu.name as menuName', 'menu.url as menuUrl'])
      .where('app.code', '=', BASE_APP_CODE)
      .where('api.menuType', '=', MenuType.API)
      .where('api.url', 'in', [...paths])
      .orderBy('api.id')
      .execute();
    const found = new Map<string, Element>(paths.map((path) => [path, null]));
    for (const row of rows) if (found.get(row.url) === null) found.set(row.url, { name: row.name, menuName: row.menuName, menuUrl: row.menuUrl });
    return found;
  }

  /** The elements of `paths`, from the cache when `version` (the caller's grants version) is the one it holds. */
  async function elements(db: Kysely<Database>, paths: readonly string[], version: number | undefined): Promise<Map<string, Element>> {
    if (version === undefined || version < cache.version) return readElements(db, paths);
    if (version > cache.version) cache = { version, byPath: new Map() };
    const held = cache;
    const missing = paths.filter((path) => !held.byPath.has(path));
    if (missing.length > 0) {
      const read = await readElements(db, missing);
      // Kept only under the version they were read at; a newer one may have replaced the cache meanwhile.
      if (cache === held) {
        if (held.byPath.size + read.size > CACHED_PATHS) held.byPath.clear();
        for (const [path, element] of read) held.byPath.set(path, element);
      }
      return new Map(paths.map((path) => [path, held.byPath.get(path) ?? read.get(path) ?? null]));
    }
    return new Map(paths.map((path) => [path, held.byPath.get(path) ?? null]));
  }

  async function names(db: Kysely<Database>, paths: readonly string[], locale: Locale, version: number | undefined): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    if (paths.length === 0) return found;
    for (const [path, element] of await elements(db, paths, version)) {
      if (element) found.set(path, `${translated(element.menuName, screenTitles.get(element.menuUrl), locale)} · ${translated(element.name, apiName(path), locale)}`);
    }
    return found;
  }

  return {
    // Rows about staff outside the caller's data scope are not read (./staffRows.ts).
    ...auditLogScope,
    async present(db, rows, { locale, caller }): Promise<ResourceRecord[]> {
      const pathOf = (row: ResourceRecord) => apiElementPath(String(row.route ?? ''));
      const found = await names(db, [...new Set(rows.map(pathOf))], locale, caller?.grantsVersion);
      return rows.map((row) => {
        const routeName = found.get(pathOf(row)) ?? SESSION_CALL_NAMES[pathOf(row)]?.[locale];
        return routeName === undefined ? row : { ...row, routeName };
      });
    },
  };
}
