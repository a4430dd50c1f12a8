/**
 * What deleting sub-systems would take with it, for the delete's confirmation
 * (contract/deleteImpact.ts): their menu and permission nodes and their roles, counted, and the
 * refusal the delete meets while any remain (policies.ts appPolicy) or for the base platform.
 */
import { BASE_APP_CODE, impactCount, text } from '../../contract';
import { crudMessages } from './messages';
import type { DeleteImpactPart, ResourcePolicy } from './policy';

const MENUS = text('其下有 {count} 个菜单与权限节点', 'Menu and permission nodes in it: {count}');
const ROLES = text('其下有 {count} 个角色', 'Roles in it: {count}');

export const appDeleteImpact: NonNullable<ResourcePolicy['deleteImpact']> = async (db, ids) => {
  const [menus, roles, base] = await Promise.all([
    db.selectFrom('permission').select((eb) => ['appId', eb.fn.countAll<number>().as('n')]).where('appId', 'in', ids).groupBy('appId').execute(),
    db.selectFrom('role').select((eb) => ['appId', eb.fn.countAll<number>().as('n')]).where('appId', 'in', ids).groupBy('appId').execute(),
    db.selectFrom('app').select('id').where('code', '=', BASE_APP_CODE).where('id', 'in', ids).executeTakeFirst(),
  ]);
  const parts = new Map<number, DeleteImpactPart>();
  for (const id of ids) {
    const menuCount = Number(menus.find((row) => row.appId === id)?.n ?? 0);
    const roleCount = Number(roles.find((row) => row.appId === id)?.n ?? 0);
    const refusal = id === base?.id ? crudMessages.baseAppUndeletable : menuCount + roleCount > 0 ? crudMessages.appInUse : undefined;
    parts.set(id, { counts: [impactCount(menuCount, MENUS), impactCount(roleCount, ROLES)], ...(refusal ? { refusal } : {}) });
  }
  return parts;
};
