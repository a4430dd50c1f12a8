/**
 * What the seeded base-app tree holds for each declared resource, read from its definition alone:
 * a menu below its navigation group (its path and icon, `url` its name), a page element per action
 * (crudActions: one per declared action, `reveal` for personal data, its row actions) holding an
 * API element per call the action needs, and every generic call it gets granted to the
 * super-admin. A detail resource's buttons sit on its master's menu, its list calls below the
 * master's list button; a related resource's list and reveal calls below the buttons of the
 * resource whose show view lists it. A new definition is checked with nothing written for it.
 */
import type { Kysely } from 'kysely';
import { MenuType } from '../../contract';
import { actionCode, crudActions, type ResourceDefinition } from '../../resources/define';
import type { Database } from '../../server/db/schema';
import { declaredMatrixRows } from './declaredRows';

/** What differs from the definitions' expectations, one line each (none: all is there). */
export async function declaredTreeProblems(db: Kysely<Database>, definitions: readonly ResourceDefinition[]): Promise<string[]> {
  const { id: appId } = await db.selectFrom('app').select('id').where('code', '=', 'base').executeTakeFirstOrThrow();
  const nodes = await db.selectFrom('permission').selectAll().where('appId', '=', appId).execute();
  const granted = new Set(
    (
      await db
        .selectFrom('rolePermission as rp')
        .innerJoin('role as r', 'r.id', 'rp.roleId')
        .select('rp.permissionId')
        .where('r.roleKey', '=', 'superAdmin')
        .execute()
    ).map((g) => g.permissionId),
  );
  const problems: string[] = [];
  const apisBelow = (parentId: number) => nodes.filter((n) => n.parentId === parentId && n.menuType === MenuType.API).map((n) => n.url);

  for (const d of definitions) {
    // A detail shows on its master's screen, a related resource on the show view of the one naming it.
    const relatedBy = definitions.find((m) => m.show?.related?.some((r) => r.resource === d.name));
    const screen = d.menu ? d : (definitions.find((m) => m.name === d.parent?.resource) ?? relatedBy);
    const menu = screen && nodes.find((n) => n.menuType === MenuType.MENU && n.url === screen.name);
    if (!screen?.menu || !menu) {
      problems.push(`${d.name}: no menu`);
      continue;
    }
    if (d === screen) {
      const navigation = nodes.find((n) => n.id === menu.parentId);
      const where = { path: menu.path, icon: menu.icon, navigation: navigation?.code };
      const wanted = { path: d.menu!.path, icon: d.menu!.icon, navigation: d.menu!.navigation };
      if (JSON.stringify(where) !== JSON.stringify(wanted)) problems.push(`${d.name}: menu ${JSON.stringify(where)}, declared ${JSON.stringify(wanted)}`);
    }
    const grantedBy = screen.show?.related?.find((r) => r.resource === d.name)?.grantedBy ?? 'list';
    for (const element of crudActions(d)) {
      // A detail's list calls join its master's list button; a related list reads with the list
      // (or reveal) button of the record it is shown with, and its reveal is that record's.
      let code = element.code;
      if (d.parent && element.action === 'list') code = actionCode(screen.name, 'list');
      else if (d !== screen && !d.parent) {
        if (element.action !== 'list' && element.action !== 'reveal') continue;
        code = actionCode(screen.name, element.action === 'list' ? grantedBy : 'reveal');
      }
      const page = nodes.find((n) => n.parentId === menu.id && n.menuType === MenuType.PAGE_ELEMENT && n.code === code);
      if (!page) {
        problems.push(`${d.name}: no page element ${code}`);
        continue;
      }
      const below = apisBelow(page.id);
      for (const api of element.apis) if (!below.includes(api)) problems.push(`${d.name}: ${code} lacks the API element ${api}`);
    }
  }
  const grantedUrls = new Set(nodes.filter((n) => n.menuType === MenuType.API && granted.has(n.id)).map((n) => n.url));
  for (const [, path] of declaredMatrixRows(definitions)) if (!grantedUrls.has(path)) problems.push(`${path}: no API element granted to the super-admin`);
  return [...new Set(problems)];
}
