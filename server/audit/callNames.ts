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

/** A stored name in `locale`: the seeded text's translation while the name is still the seeded one. */
function translated(name: string, seeded: Text | undefined, locale: Locale): string {
  return seeded && seeded['zh-CN'] === name ? seeded[locale] : name;
}

export function auditLogPolicy(definitions: readonly ResourceDefinition[]): CrudFeature {
  const screenTitles = new Map<string, Text>([...Object.entries(MENU_TITLES), ...definitions.map((d) => [d.name, d.title] as const)]);

  async function names(db: Kysely<Database>, paths: readonly string[], locale: Locale): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    if (paths.length === 0) return found;
    // The API element of each path below its page element and menu; the first one where several share a path.
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
    for (const row of rows) {
      if (found.has(row.url)) continue;
      found.set(row.url, `${translated(row.menuName, screenTitles.get(row.menuUrl), locale)} · ${translated(row.name, apiName(row.url), locale)}`);
    }
    return found;
  }

  return {
    // Rows about staff outside the caller's data scope are not read (./staffRows.ts).
    ...auditLogScope,
    async present(db, rows, { locale }): Promise<ResourceRecord[]> {
      const pathOf = (row: ResourceRecord) => apiElementPath(String(row.route ?? ''));
      const found = await names(db, [...new Set(rows.map(pathOf))], locale);
      return rows.map((row) => {
        const routeName = found.get(pathOf(row)) ?? SESSION_CALL_NAMES[pathOf(row)]?.[locale];
        return routeName === undefined ? row : { ...row, routeName };
      });
    },
  };
}
