/** One staff member as /user/detail answers it: the record (no password data), no extended profile, the role links in force and their ends. */
import type { Kysely } from 'kysely';
import type { Staff, StaffDetail } from '../../contract';
import { isStorableId } from '../crud/storableId';
import type { Database } from '../db/schema';
import { linkInForce } from '../roles/linkInForce';
import { STAFF_COLUMNS } from './listQuery';

export async function loadStaff(db: Kysely<Database>, id: number, now = Date.now()): Promise<StaffDetail | undefined> {
  if (!isStorableId(id)) return undefined;
  const record = await db
    .selectFrom('user')
    .select(STAFF_COLUMNS as unknown as Array<keyof Database['user']>)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!record) return undefined;
  const roles = await db.selectFrom('userRole').select(['roleId', 'expiresAt']).where('userId', '=', id).where(linkInForce('userRole', now)).orderBy('roleId').execute();
  return {
    userCenter: record as unknown as Staff,
    userExtend: null,
    roleIds: roles.map((r) => r.roleId).join(','),
    roleEnds: Object.fromEntries(roles.map((r) => [String(r.roleId), r.expiresAt === null ? null : Number(r.expiresAt)])),
  };
}
