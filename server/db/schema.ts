/**
 * Kysely table interfaces, camelCase in TypeScript (the CamelCasePlugin maps them to snake_case
 * columns). Times are epoch milliseconds. Tables of declarative resources are typed from their
 * contract entities.
 */
import type { Generated, Insertable, Selectable } from 'kysely';
import type { appEntity, EntityValues, paramEntity } from '../../contract';

/** '1' enabled, '0' disabled (as the platform sends it). */
export type EnableFlag = '1' | '0';

export interface UserTable {
  id: Generated<number>;
  /** Login name = employee code. */
  code: string;
  name: string;
  /** `scrypt$N$r$p$salt$hash` of the SHA-256 hex the browser sends. */
  passwordHash: string;
  isEnable: EnableFlag;
  /** 1 when the user must change the password before doing anything else. */
  mustChangePassword: number;
  createTime: number;
  /** Staff details (SPEC §3 Staff); null for accounts without them (admin). */
  telephone: string | null;
  sex: number | null;
  birthday: string | null;
  nation: string | null;
  card: string | null;
  marriageStatus: number | null;
  email: string | null;
  crashName: string | null;
  crashPhone: string | null;
  censusProvince: string | null;
  censusCity: string | null;
  censusArea: string | null;
  censusAddress: string | null;
  liveProvince: string | null;
  liveCity: string | null;
  liveArea: string | null;
  liveAddress: string | null;
  graduatedSchool: string | null;
  specialty: string | null;
  education: number | null;
  graduatedTime: string | null;
  position: string | null;
  grade: string | null;
  /** The organisation node the member belongs to. */
  officeId: number | null;
  /** 1 supervisor of that node, 0 not. */
  adminFlag: Generated<number>;
}

export interface OfficeTable {
  id: Generated<number>;
  /** 1 department, 2 group. */
  type: number;
  /** 0 for departments. */
  parentId: number;
  name: string;
  remark: string | null;
  createTime: number;
}

export interface SessionTable {
  id: Generated<number>;
  /** SHA-256 hex of the token; the token itself is never stored. */
  tokenHash: string;
  userId: number;
  createdAt: number;
  lastSeenAt: number;
  revokedAt: number | null;
}

export type ThrottleScope = 'user' | 'address';

/** One failed login, counted per username and per client address. */
export interface LoginAttemptTable {
  id: Generated<number>;
  scope: ThrottleScope;
  key: string;
  attemptedAt: number;
}

export interface PermissionTable {
  id: Generated<number>;
  parentId: number;
  appId: number;
  name: string;
  sort: number;
  path: string;
  url: string;
  icon: string;
  code: string;
  menuType: number;
}

export interface RoleTable {
  id: Generated<number>;
  sortNum: number;
  roleKey: string;
  name: string;
  appId: number;
  isEnable: EnableFlag;
  description: string | null;
  /** 1 system, 2 normal. */
  roleType: number;
}

export interface RolePermissionTable {
  roleId: number;
  permissionId: number;
}

export interface UserRoleTable {
  userId: number;
  roleId: number;
}

/** Entity values as stored: optional (undefined) values become null. */
export type StoredValues<Values> = {
  [K in keyof Values]-?: undefined extends Values[K] ? Exclude<Values[K], undefined> | null : Values[K];
};

/** Row of a declarative resource's table. */
type ResourceRow<Values> = { id: Generated<number> } & StoredValues<Values>;

export type AppTable = ResourceRow<EntityValues<typeof appEntity>> & { createTime: number };
export type ParamTable = ResourceRow<EntityValues<typeof paramEntity>>;

export interface Database {
  user: UserTable;
  session: SessionTable;
  loginAttempt: LoginAttemptTable;
  permission: PermissionTable;
  role: RoleTable;
  rolePermission: RolePermissionTable;
  userRole: UserRoleTable;
  app: AppTable;
  param: ParamTable;
  office: OfficeTable;
}

export type User = Selectable<UserTable>;
export type Session = Selectable<SessionTable>;
export type Permission = Selectable<PermissionTable>;
export type NewPermission = Insertable<PermissionTable>;
