/**
 * The person list with a data scope (contract/dataScope.ts): the same cases as staffCases.ts,
 * asked by staff whose one role holds the list and limits them to one department of the bench's
 * data (its own staff and its 9 groups': about 1/200 of the staff; the rows stay spread over all
 * 2,000 nodes). Two callers: a supervisor placed in the department with "own department and its
 * groups", and an unplaced administrator with the department chosen. Written to the database
 * before the server starts, as the staff are.
 */
import { sql } from 'kysely';
import { DataScope, MenuType } from '../../contract';
import { STAFF_CALLS } from '../../contract/paths';
import { openDatabase } from '../../server/db/database';
import type { StaffCase } from './staffCases';
import type { StaffData } from './staffData';

export interface ScopedCaller {
  /** The login name (the administrator's password: its hash is copied). */
  code: string;
  label: string;
  dataScope: DataScope;
}

export const SCOPED_CALLERS: readonly ScopedCaller[] = [
  { code: 'bench-lead', label: 'scope: own department and its groups', dataScope: DataScope.DEPARTMENT_TREE },
  { code: 'bench-hr', label: 'scope: one chosen department', dataScope: DataScope.CHOSEN },
];

/** What the callers reach: the department's nodes and how many staff sit in them. */
export interface ScopeReach {
  officeIds: number[];
  staff: number;
}

/** Adds the scoped callers, each with its own role granted the list's API elements; answers their reach. */
export async function addScopedCallers(url: string, data: StaffData): Promise<ScopeReach> {
  const handle = openDatabase(url);
  const { db } = handle;
  try {
    // The middle department: neither the first nor the last ids.
    const department = data.departmentIds[Math.floor(data.departmentIds.length / 2)]!;
    const officeIds = (await db.selectFrom('office').select('id').where((eb) => eb.or([eb('id', '=', department), eb('parentId', '=', department)])).orderBy('id').execute()).map((r) => r.id);
    const base = await db.selectFrom('app').select('id').where('code', '=', 'base').executeTakeFirstOrThrow();
    const admin = await db.selectFrom('user').select('passwordHash').where('code', '=', 'admin').executeTakeFirstOrThrow();
    const listApis = await db.selectFrom('permission').select('id').where('appId', '=', base.id).where('menuType', '=', MenuType.API).where('url', '=', STAFF_CALLS.list).execute();
    if (!listApis.length) throw new Error(`No API element grants ${STAFF_CALLS.list}`);
    await db.transaction().execute(async (trx) => {
      for (const [index, caller] of SCOPED_CALLERS.entries()) {
        const placed = caller.dataScope === DataScope.CHOSEN ? null : department;
        const { id: userId } = await trx
          .insertInto('user')
          .values({ code: caller.code, name: caller.code, passwordHash: admin.passwordHash, isEnable: '1', mustChangePassword: 0, createTime: Date.now(), officeId: placed, adminFlag: placed === null ? 0 : 1 })
          .returning('id')
          .executeTakeFirstOrThrow();
        const { id: roleId } = await trx
          .insertInto('role')
          .values({ sortNum: 900 + index, roleKey: caller.code, name: caller.code, appId: base.id, isEnable: '1', description: null, roleType: 2 })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('userRole').values({ userId, roleId }).execute();
        await trx.insertInto('rolePermission').values(listApis.map((api) => ({ roleId, permissionId: api.id }))).execute();
        await trx.insertInto('roleDataScope').values({ roleId, dataScope: caller.dataScope }).execute();
        if (caller.dataScope === DataScope.CHOSEN) await trx.insertInto('roleScopeOffice').values({ roleId, officeId: department }).execute();
      }
    });
    await sql`analyze`.execute(db);
    const { count } = await db.selectFrom('user').select((eb) => eb.fn.countAll<number>().as('count')).where('officeId', 'in', officeIds).executeTakeFirstOrThrow();
    return { officeIds, staff: Number(count) };
  } finally {
    await handle.close();
  }
}

/**
 * The cases as a scoped caller asks them: the same terms; paging within the pages the scope has
 * (pages past its end answer nothing); the department filter over the scope's own nodes.
 */
export function scopedCases(cases: readonly StaffCase[], reach: ScopeReach): StaffCase[] {
  return cases.map((staffCase) => {
    if (staffCase.key === 'paging') {
      const pages = Math.max(1, Math.min(200, Math.ceil(reach.staff / 10)));
      return { ...staffCase, label: `paging, pages 1-${pages}`, params: staffCase.params.map((params, i) => ({ ...params, pageNo: 1 + ((i * 37) % pages) })) };
    }
    if (staffCase.key === 'office') return { ...staffCase, params: staffCase.params.map((params, i) => ({ ...params, officeId: reach.officeIds[i % reach.officeIds.length]! })) };
    return staffCase;
  });
}
