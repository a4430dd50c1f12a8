/**
 * Kysely table interfaces, camelCase in TypeScript (the CamelCasePlugin maps them to snake_case
 * columns). Times are epoch milliseconds. Tables of declarative resources are typed from their
 * contract entities.
 */
import type { Generated, Insertable, Selectable } from 'kysely';
import type { appEntity, EntityValues, paramEntity } from '../../contract';
import type { StatisticsTables } from '../statistics/tables';
import type { AuditAction } from '../../contract/entities/audit';

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
  /** Moved by every write of what /user/detail answers (contract/recordVersion.ts). */
  version: Generated<number>;
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
  /** Moved by every write of the node (contract/recordVersion.ts). */
  version: Generated<number>;
}

export interface SessionTable {
  id: Generated<number>;
  /** SHA-256 hex of the token; the token itself is never stored. */
  tokenHash: string;
  userId: number;
  createdAt: number;
  lastSeenAt: number;
  revokedAt: number | null;
  /** Where and with what the session was started (migration 0011), for the online-users screen. */
  address: string | null;
  userAgent: string | null;
}

/** A user's own preference of one kind for one screen (migration 0020; contract/preferences.ts). */
export interface UserPreferenceTable {
  id: Generated<number>;
  userId: number;
  screen: string;
  kind: string;
  /** The kind's value as JSON, checked by its schema before it is stored. */
  value: string;
  updateTime: number;
}

/** A file an import committed to a table (migration 0022): the same bytes are not imported twice. */
export interface ImportBatchTable {
  id: Generated<number>;
  tableName: string;
  /** SHA-256 of the file's bytes, hex. */
  digest: string;
  userId: number | null;
  rows: number;
  createTime: number;
}

/** One record a request's write changed (migration 0011), written by the audit triggers. */
export interface AuditLogTable {
  id: Generated<number>;
  changedAt: number;
  requestId: string;
  userId: number | null;
  /** The writer's login code (migration 0015); null in rows written before it. */
  userCode: string | null;
  userName: string | null;
  method: string;
  route: string;
  address: string | null;
  tableName: string;
  recordId: string | null;
  action: AuditAction;
  /** JSON `{ column: [before, after] }`. */
  changes: string | null;
}

/** One login attempt (migration 0011). */
export interface LoginLogTable {
  id: Generated<number>;
  attemptedAt: number;
  userName: string;
  address: string | null;
  userAgent: string | null;
  result: string;
  reason: string;
}

/** `pair`: one username from one address (key `username|address`); `address`: any username. */
export type ThrottleScope = 'pair' | 'address';

/** One password attempt (login or change), counted per scope; a success removes its own. */
export interface LoginAttemptTable {
  id: Generated<number>;
  scope: ThrottleScope;
  key: string;
  attemptedAt: number;
}

/** A one-time workbench handoff code (migration 0005): its SHA-256, its user and app, until when it works. */
export interface HandoffCodeTable {
  id: Generated<number>;
  codeHash: string;
  userId: number;
  appId: number;
  expiresAt: number;
  usedAt: number | null;
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
  /** Moved by every write of the node (contract/recordVersion.ts). */
  version: Generated<number>;
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
  /** The declared resource's record version; also moved when the role's grants change. */
  version: Generated<number>;
}

export interface RolePermissionTable {
  roleId: number;
  permissionId: number;
}

/** A role's data scope (migration 0026; contract/dataScope.ts); a role without a row reaches all. */
export interface RoleDataScopeTable {
  roleId: number;
  dataScope: number;
}

/** The nodes of a role's chosen data scope (migration 0026). */
export interface RoleScopeOfficeTable {
  roleId: number;
  officeId: number;
}

export interface UserRoleTable {
  userId: number;
  roleId: number;
  /** When the link ends (epoch ms; migration 0025), or null. */
  expiresAt: Generated<number | null>;
}

/** Entity values as stored: optional (undefined) values become null. */
export type StoredValues<Values> = {
  [K in keyof Values]-?: undefined extends Values[K] ? Exclude<Values[K], undefined> | null : Values[K];
};

/** Row of a declarative resource's table. */
type ResourceRow<Values> = { id: Generated<number> } & StoredValues<Values>;

/** The menu reading's column has the field's default (resourceTables.ts): a row written without it reads A. */
export type AppTable = ResourceRow<Omit<EntityValues<typeof appEntity>, 'menuReading'>> & {
  createTime: number;
  /** Set by every save (resourceTables.ts fills it from createTime where missing). */
  updateTime: Generated<number | null>;
  menuReading: Generated<EntityValues<typeof appEntity>['menuReading']>;
};
export type ParamTable = ResourceRow<EntityValues<typeof paramEntity>>;

/** Dictionaries (parentId 0) and their items (parentId: the dictionary) in one table (migration 0006). */
export interface DicTable {
  id: Generated<number>;
  parentId: number;
  name: string;
  dicKey: string;
  /** Dictionaries: 1 system, 2 normal. */
  type: number | null;
  /** Items: 1…n within the dictionary. */
  sortNum: number | null;
  /** Items: 1 on, 0 off. */
  openStatus: number | null;
}

/** A published version of a report template (migration 0007). */
export interface TemplateTable {
  id: Generated<number>;
  name: string;
  version: string;
  remark: string;
  code: string;
  /** JSON list of { xianshiName, paramName, remark }. */
  parameters: string;
  createTime: number;
  creatorId: number | null;
  creatorName: string;
}

/** A staff name's substrings of one and two characters, or a telephone's of four (migration 0012), kept by triggers. */
export interface UserGramTable {
  gram: string;
  userId: number;
  /** The member's node (user.office_id), kept by triggers (migration 0027): a scoped search reads a range per node. */
  officeId: number | null;
}

/** A counter moved by triggers on every write that changes what a cache keeps (one row, id 1). */
export interface VersionCounterTable {
  id: number;
  version: number;
}

/** The counters: grants (0004), the staff list's totals (0003), dictionaries (0006), statistics (0009). */
export interface VersionCounters {
  grantsVersion: VersionCounterTable;
  staffListVersion: VersionCounterTable;
  dicVersion: VersionCounterTable;
  statisticsVersion: VersionCounterTable;
}

export interface Database extends StatisticsTables, VersionCounters {
  user: UserTable;
  userNameGram: UserGramTable;
  userPhoneGram: UserGramTable;
  session: SessionTable;
  userPreference: UserPreferenceTable;
  importBatch: ImportBatchTable;
  auditLog: AuditLogTable;
  loginLog: LoginLogTable;
  loginAttempt: LoginAttemptTable;
  handoffCode: HandoffCodeTable;
  permission: PermissionTable;
  role: RoleTable;
  rolePermission: RolePermissionTable;
  userRole: UserRoleTable;
  roleDataScope: RoleDataScopeTable;
  roleScopeOffice: RoleScopeOfficeTable;
  app: AppTable;
  param: ParamTable;
  office: OfficeTable;
  dic: DicTable;
  template: TemplateTable;
}

export type User = Selectable<UserTable>;
export type Session = Selectable<SessionTable>;
export type Permission = Selectable<PermissionTable>;
export type NewPermission = Insertable<PermissionTable>;
