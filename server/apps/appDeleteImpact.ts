/**
 * What deleting sub-systems would take with it, for the delete's confirmation
 * (contract/deleteImpact.ts): their menu and permission nodes and their roles, counted, and the
 * refusal the delete meets while any remain (./appPolicy.ts) or for the base platform.
 */
import { BASE_APP_CODE, impactCount, text } from '../../contract';
import type { CrudFeature, DeleteImpactPart } from '../crud/feature';
import { appMessages } from './messages';

const MENUS = text('其下有 {count} 个菜单与权限节点', 'Menu and permission nodes in it: {count}');
const ROLES = text('其下有 {count} 个角色', 'Roles in it: {count}');

export const appDeleteImpact: NonNullable<CrudFeature['deleteImpact']> = async (db, ids) => {
  const [menus, roles, base] = await Promise.all([
    db.selectFrom('permission').select((eb) => ['appId', eb.fn.countAll<number>().as('n')]).where('appId', 'in', ids).groupBy('appId').execute(),
    db.selectFrom('role').select((eb) => ['appId', eb.fn.countAll<number>().as('n')]).where('appId', 'in', ids).groupBy('appId').execute(),
    db.selectFrom('app').select('id').where('code', '=', BASE_APP_CODE).where('id', 'in', ids).executeTakeFirst(),
  ]);
  const parts = new Map<number, DeleteImpactPart>();
  for (const id of ids) {
    const menuCount = Number(menus.find((row) => row.appId === id)?.n ?? 0);
    const roleCount = Number(roles.find((row) => row.appId === id)?.n ?? 0);
    const refusal = id === base?.id ? appMessages.baseAppUndeletable : menuCount + roleCount > 0 ? appMessages.appInUse : undefined;
    parts.set(id, { counts: [impactCount(menuCount, MENUS), impactCount(roleCount, ROLES)], ...(refusal ? { refusal } : {}) });
  }
  return parts;
};
