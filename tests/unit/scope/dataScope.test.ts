/** The data scope's rules (server/scope/dataScope.ts): the union over held roles, without a database. */
import { describe, expect, it } from 'vitest';
import { DataScope, SUPER_ADMIN_ROLE_KEY } from '../../../contract';
import { officeReachable, reaches, scopeRulesForTest, type StaffScope } from '../../../server/scope/dataScope';

const CALLER = 7;
const OWN = 10;
/** The office tree: department 10 with groups 11, 12; department 20 with group 21. */
const TREE = [
  { id: 10, parentId: 0 },
  { id: 11, parentId: 10 },
  { id: 12, parentId: 10 },
  { id: 20, parentId: 0 },
  { id: 21, parentId: 20 },
];
const CHOSEN_OFFICES: Record<number, number[]> = { 100: [20], 101: [11] };

/** What the office statement answers, from TREE. */
async function readOffices({ roleIds, own, shape }: { roleIds: number[]; own: number; shape: { chosen: boolean; own: false | 'node' | 'tree' } }) {
  const chosen = shape.chosen ? roleIds.flatMap((id) => CHOSEN_OFFICES[id] ?? []) : [];
  const ownNode = (o: { id: number; parentId: number }) => (shape.own !== false && o.id === own) || (shape.own === 'tree' && o.parentId === own);
  return TREE.filter((o) => ownNode(o) || chosen.includes(o.id) || chosen.includes(o.parentId)).map(({ id }) => ({ id }));
}

function role(roleId: number, dataScope: number | null, officeId: number | null = OWN, roleKey = `r${roleId}`) {
  return { roleId, roleKey, dataScope, officeId };
}
const scopeOf = (...held: Array<ReturnType<typeof role>>) => scopeRulesForTest.scopeFromRoles(held, CALLER, readOffices);

describe('a caller’s data scope', () => {
  it('is all for a role without a scope, a scope of all, or the super-admin role', async () => {
    expect(await scopeOf(role(1, null))).toEqual({ all: true });
    expect(await scopeOf(role(1, DataScope.SELF), role(2, DataScope.ALL))).toEqual({ all: true });
    expect(await scopeOf(role(1, DataScope.SELF, OWN, SUPER_ADMIN_ROLE_KEY))).toEqual({ all: true });
  });

  it('reaches nobody without roles', async () => {
    expect(await scopeOf()).toEqual({ all: false, selfId: null, officeIds: [] });
  });

  it('covers chosen departments with their groups, and a chosen group alone', async () => {
    expect(await scopeOf(role(100, DataScope.CHOSEN))).toEqual({ all: false, selfId: null, officeIds: [20, 21] });
    expect(await scopeOf(role(101, DataScope.CHOSEN))).toEqual({ all: false, selfId: null, officeIds: [11] });
  });

  it('covers the own node with its groups, or the own node alone', async () => {
    expect(await scopeOf(role(1, DataScope.DEPARTMENT_TREE))).toEqual({ all: false, selfId: null, officeIds: [10, 11, 12] });
    expect(await scopeOf(role(1, DataScope.DEPARTMENT))).toEqual({ all: false, selfId: null, officeIds: [10] });
    // A caller placed in a group: the group (it has no groups under it).
    expect(await scopeOf(role(1, DataScope.DEPARTMENT_TREE, 11))).toEqual({ all: false, selfId: null, officeIds: [11] });
  });

  it('gives an unplaced caller nothing by a department scope, themselves by self', async () => {
    expect(await scopeOf(role(1, DataScope.DEPARTMENT_TREE, null), role(2, DataScope.DEPARTMENT, null))).toEqual({ all: false, selfId: null, officeIds: [] });
    expect(await scopeOf(role(1, DataScope.DEPARTMENT, null), role(2, DataScope.SELF, null))).toEqual({ all: false, selfId: CALLER, officeIds: [] });
  });

  it('is the union of the roles’ scopes', async () => {
    expect(await scopeOf(role(1, DataScope.DEPARTMENT), role(100, DataScope.CHOSEN))).toEqual({ all: false, selfId: null, officeIds: [10, 20, 21] });
    // Self inside a reached node adds nothing; outside one it is kept.
    expect(await scopeOf(role(1, DataScope.DEPARTMENT), role(2, DataScope.SELF))).toEqual({ all: false, selfId: null, officeIds: [10] });
    expect(await scopeOf(role(100, DataScope.CHOSEN), role(2, DataScope.SELF))).toEqual({ all: false, selfId: CALLER, officeIds: [20, 21] });
  });
});

describe('what a scope reaches', () => {
  const scope: StaffScope = { all: false, selfId: CALLER, officeIds: [10, 11] };
  it('reaches staff placed in its nodes and the caller', () => {
    expect(reaches(scope, 99, 11)).toBe(true);
    expect(reaches(scope, CALLER, 20)).toBe(true);
    expect(reaches(scope, 99, 20)).toBe(false);
    expect(reaches(scope, 99, null)).toBe(false);
    expect(reaches({ all: true }, 99, null)).toBe(true);
  });
  it('places staff only in its nodes; unplaced only with all', () => {
    expect(officeReachable(scope, 11)).toBe(true);
    expect(officeReachable(scope, 20)).toBe(false);
    expect(officeReachable(scope, null)).toBe(false);
    expect(officeReachable({ all: true }, null)).toBe(true);
  });
});
