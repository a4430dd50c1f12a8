/**
 * What deleting roles takes with it, for the delete's confirmation (contract/deleteImpact.ts): the
 * staff who hold each role lose it (rolePolicy.beforeDelete removes the links), and the
 * super-admin role is never deleted.
 */
import { impactCount, text } from '../../contract';
import { superAdminRoleId } from '../auth/grants';
import type { CrudFeature, DeleteImpactPart } from '../crud/feature';
import { linkInForce } from './linkInForce';
import { roleMessages } from './messages';

const HOLDERS = {
  one: text('{count} 名员工持有此角色，删除后他们将失去它', '{count} staff member holds this role and will lose it'),
  many: text('{count} 名员工持有此角色，删除后他们将失去它', '{count} staff members hold this role and will lose it'),
};

export const roleDeleteImpact: NonNullable<CrudFeature['deleteImpact']> = async (db, ids) => {
  // Holders whose link has ended lose nothing.
  const rows = await db.selectFrom('userRole').select((eb) => ['roleId', eb.fn.countAll<number>().as('n')]).where('roleId', 'in', ids).where(linkInForce('userRole', Date.now())).groupBy('roleId').execute();
  const superAdmin = await superAdminRoleId(db);
  const parts = new Map<number, DeleteImpactPart>();
  for (const id of ids) {
    const holders = Number(rows.find((row) => row.roleId === id)?.n ?? 0);
    parts.set(id, {
      counts: [impactCount(holders, holders === 1 ? HOLDERS.one : HOLDERS.many)],
      ...(id === superAdmin ? { refusal: roleMessages.superAdminRoleUndeletable } : {}),
    });
  }
  return parts;
};
