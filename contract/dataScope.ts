/**
 * Data scope: which staff a role's holder may see and change (the person list, the staff detail
 * and every staff write, the organisation directory's members, the audit log's rows about staff).
 * A caller's scope is the union of their enabled, unexpired roles' scopes in the base app; the
 * super-admin role reaches everyone. An organisation node is a department (parentId 0) or a group
 * under one: "own department" is the node the caller is placed in, "and its groups" adds the
 * groups under it; a chosen department covers its groups too.
 */
import type { Option } from './fields';
import { text, type Locale } from './i18n';

export const DataScope = {
  /** Every staff member, placed or not. */
  ALL: 1,
  /** Staff placed in the role's chosen nodes (a department with its groups). */
  CHOSEN: 2,
  /** Staff placed in the caller's own node or a group under it. */
  DEPARTMENT_TREE: 3,
  /** Staff placed in the caller's own node. */
  DEPARTMENT: 4,
  /** The caller alone. */
  SELF: 5,
} as const;
export type DataScope = (typeof DataScope)[keyof typeof DataScope];

export const DATA_SCOPES: readonly Option<DataScope>[] = [
  { value: DataScope.ALL, label: text('全部数据', 'All staff') },
  { value: DataScope.CHOSEN, label: text('指定部门', 'Chosen departments') },
  { value: DataScope.DEPARTMENT_TREE, label: text('本部门及下级小组', 'Own department and its groups') },
  { value: DataScope.DEPARTMENT, label: text('仅本部门', 'Own department only') },
  { value: DataScope.SELF, label: text('仅本人', 'Self only') },
];

/**
 * A role's scope as its dialog reads and saves it (GET /roleDataScope/detail?roleId, POST
 * /roleDataScope/save). `version`: the role's record version, as every role write moves it (1012
 * when it moved since the read). A role never given a scope reaches all.
 */
export interface RoleDataScope {
  roleId: number;
  dataScope: DataScope;
  /** The chosen nodes (CHOSEN only; empty otherwise). */
  officeIds: number[];
  version: number;
}

/** Most nodes a role's chosen scope names. */
export const SCOPE_OFFICES_MAX = 50;

export const dataScopeMessages = {
  /** A staff member outside the caller's scope: refused as a missing grant is (1003). */
  outOfScope: text('无权操作该人员（超出数据范围）', 'This staff member is outside your data scope'),
  /** A chosen scope needs at least one node. */
  officesRequired: text('请选择数据范围部门', 'Choose the departments of the data scope'),
  /** More nodes than SCOPE_OFFICES_MAX. */
  officesMax: text(`数据范围最多选择${SCOPE_OFFICES_MAX}个部门或小组`, `Choose at most ${SCOPE_OFFICES_MAX} departments or groups`),
};

/**
 * The one rule of a scope's chosen nodes, for the dialog's form and the server's save alike: a
 * chosen scope names 1..SCOPE_OFFICES_MAX nodes (another scope names none: its list is ignored).
 */
export function dataScopeError(value: { dataScope: unknown; officeIds: readonly unknown[] }, locale: Locale): string | undefined {
  if (Number(value.dataScope) !== DataScope.CHOSEN) return undefined;
  if (value.officeIds.length === 0) return dataScopeMessages.officesRequired[locale];
  if (value.officeIds.length > SCOPE_OFFICES_MAX) return dataScopeMessages.officesMax[locale];
  return undefined;
}
