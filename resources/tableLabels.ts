/**
 * What each stored table and column is called on screen (the audit log shows them, review of
 * issue 20, item 16). One place: a declared resource's table reads its title and fields from the
 * definition, a bespoke screen's table its contract entity; only the tables that have neither (join
 * tables, statistics, sessions, published rules) and the columns no field declares (keys, times,
 * password material) are labelled here. tests/api/auditLabels.test.ts fails when a table or
 * column the audit log can show has no label, on both databases.
 *
 * Plain data and functions, no React: loaded on demand by the screens that show stored names.
 */
import { officeEntity } from '../contract/entities/office';
import { directoryEntity } from '../contract/entities/menu';
import { staffEntity } from '../contract/entities/staff';
import { templateEntity } from '../contract/entities/template';
import type { Fields } from '../contract/fields';
import { text, type Locale, type Text } from '../contract/i18n';
import { roleEndMessages } from '../contract/roleEnds';
import { timeText } from './generic/cells';
import { camelCase } from './generic/changes';
import { resourceDefinitions } from './registry';

export interface StoredTable {
  title: Text;
  /** The entity's fields (labels by camelCase name). */
  fields?: Fields;
  /** Columns no field declares, by their stored (snake_case) name. */
  columns?: Readonly<Record<string, Text>>;
  /** A join table's key columns, in the order the audit log joins them (`33:2`). */
  key?: readonly string[];
  /** Columns holding an instant (epoch ms): their values read as local date and time. */
  times?: readonly string[];
  /** A readable name for a key of the changes this table's notes record (ingested statistics). */
  changeKey?: (key: string, locale: Locale) => string | undefined;
}

const ID = text('编号', 'Id');
const CREATED = text('创建时间', 'Created');
const UPDATED = text('更新时间', 'Updated');
const STAFF = text('员工', 'Staff');
const ROLE = text('角色', 'Role');
const OWNER = text('流量主', 'Traffic owner');
const SERVICE = text('子系统', 'Sub-system');

/** Columns many tables share. */
// `version`: the record version the server moves on every write (contract/recordVersion.ts).
const COMMON: Readonly<Record<string, Text>> = { id: ID, create_time: CREATED, update_time: UPDATED, version: text('版本', 'Version') };

/** Ingested statistics are noted by key (`traffic 1 2026-11-26 10`, `revenue 36 2026-11`): shown as whose and when. */
function noteKey(pattern: RegExp, who: Text, when: (parts: string[]) => string) {
  return (key: string, locale: Locale) => {
    const parts = pattern.exec(key);
    return parts ? `${who[locale]} ${parts[1]} · ${when(parts.slice(2))}` : undefined;
  };
}

/** The tables no definition declares, by stored name. */
const BESPOKE: Readonly<Record<string, StoredTable>> = {
  user: {
    title: text('员工', 'Staff'),
    fields: staffEntity.fields,
    columns: {
      password_hash: text('密码', 'Password'),
      must_change_password: text('须修改密码', 'Must change password'),
      admin_flag: text('主管', 'Supervisor'),
    },
  },
  office: { title: text('组织', 'Organisation'), fields: officeEntity.fields },
  permission: { title: text('菜单与权限', 'Menus & permissions'), fields: directoryEntity.fields, columns: { code: text('编码', 'Code') } },
  role_permission: {
    title: text('角色授权', 'Role grants'),
    columns: { role_id: ROLE, permission_id: text('权限节点', 'Permission node') },
    key: ['role_id', 'permission_id'],
  },
  role_data_scope: {
    title: text('角色数据范围', 'Role data scopes'),
    columns: { role_id: ROLE, data_scope: text('数据范围', 'Data scope') },
    key: ['role_id'],
  },
  role_scope_office: {
    title: text('数据范围部门', 'Data scope departments'),
    columns: { role_id: ROLE, office_id: text('部门', 'Department') },
    key: ['role_id', 'office_id'],
  },
  user_role: {
    title: text('员工角色', 'Staff roles'),
    // When the link ends (contract/roleEnds.ts): '有效期至 / Valid until', as the staff dialog calls it.
    columns: { user_id: STAFF, role_id: ROLE, expires_at: roleEndMessages.label },
    key: ['user_id', 'role_id'],
    times: ['expires_at'],
  },
  template: {
    title: text('报表模板', 'Report templates'),
    fields: templateEntity.fields,
    columns: { parameters: text('参数', 'Parameters'), creator_id: text('发布人编号', 'Publisher id'), creator_name: text('发布人', 'Published by') },
  },
  ua_rule: {
    title: text('UA 规则', 'UA rules'),
    columns: {
      kind: text('规则类型', 'Rule kind'),
      rule: text('规则', 'Rule'),
      ua_id: text('UA 记录', 'UA record'),
      creator_name: text('发布人', 'Published by'),
      unpublish_time: text('撤销时间', 'Unpublished at'),
      unpublisher_name: text('撤销人', 'Unpublished by'),
    },
  },
  session: {
    title: text('登录会话', 'Sessions'),
    columns: {
      token_hash: text('令牌', 'Token'),
      user_id: STAFF,
      created_at: text('登录时间', 'Since'),
      last_seen_at: text('最近活动', 'Last seen'),
      revoked_at: text('结束时间', 'Ended at'),
      address: text('地址', 'Address'),
      user_agent: text('浏览器', 'Browser'),
    },
  },
  site_user: { title: OWNER, columns: { user_name: text('名称', 'Name'), media_admin_id: text('媒介人员', 'Media staff'), service_id: SERVICE } },
  advertiser: { title: text('广告主', 'Advertisers'), columns: { name: text('名称', 'Name'), business_admin_id: text('商务人员', 'Business staff'), service_id: SERVICE } },
  ad: { title: text('广告', 'Ads'), columns: { advertiser_id: text('广告主', 'Advertiser'), name: text('名称', 'Name'), service_id: SERVICE } },
  domain: { title: text('域名', 'Domains'), columns: { site_user_id: OWNER, domain: text('域名', 'Domain'), service_id: SERVICE } },
  team: { title: text('团队', 'Teams'), columns: { name: text('名称', 'Name'), team_type: text('团队类型', 'Team type') } },
  team_member: { title: text('团队成员', 'Team members'), columns: { team_id: text('团队', 'Team'), user_id: STAFF }, key: ['team_id', 'user_id'] },
  traffic_hour: {
    title: text('每小时流量', 'Hourly traffic'),
    columns: { site_user_id: OWNER, hour: text('小时', 'Hour'), count: text('流量', 'Traffic') },
    key: ['site_user_id', 'hour'],
    changeKey: noteKey(/^traffic (\d+) (\d{4}-\d{2}-\d{2}) (\d{2})$/, OWNER, ([day, hour]) => `${day} ${hour}:00`),
  },
  revenue_month: {
    title: text('月度收入', 'Monthly revenue'),
    columns: { admin_id: STAFF, month: text('月份', 'Month'), amount_fen: text('金额（分）', 'Amount (fen)') },
    key: ['admin_id', 'month'],
    changeKey: noteKey(/^revenue (\d+) (\d{4}-\d{2})$/, STAFF, ([month]) => month!),
  },
};

/** A declared resource's table: its title and the fields of every definition stored there (a master and its detail may share one). */
function declared(table: string): StoredTable | undefined {
  const owners = resourceDefinitions.filter((d) => d.table === table);
  if (owners.length === 0) return undefined;
  return { title: owners[0]!.title, fields: Object.assign({}, ...owners.map((d) => d.entity.fields)) as Fields };
}

export function storedTable(table: string): StoredTable | undefined {
  return BESPOKE[table] ?? declared(table);
}

/** A table's name on screen; the stored name when none is known. */
export function tableLabel(table: string, locale: Locale): string {
  return storedTable(table)?.title[locale] ?? table;
}

/** A column's (or a noted change key's) name on screen, or undefined when none is known. */
export function columnLabel(table: string, column: string, locale: Locale): string | undefined {
  const stored = storedTable(table);
  return (stored?.columns?.[column] ?? stored?.fields?.[camelCase(column)]?.label ?? COMMON[column])?.[locale] ?? stored?.changeKey?.(column, locale);
}

/** A changed value as text where the column says how it reads (an instant as date and time); undefined: as stored. */
export function columnValue(table: string, column: string, value: string): string | undefined {
  return storedTable(table)?.times?.includes(column) ? timeText(value) : undefined;
}

/** A record's key as text: a join table's `33:2` as `员工 33 · 角色 2`; anything else as stored. */
export function recordKeyText(table: string, key: string, locale: Locale): string {
  const stored = storedTable(table);
  const parts = key.split(':');
  if (!stored?.key || parts.length !== stored.key.length) return key;
  return stored.key.map((column, i) => `${columnLabel(table, column, locale) ?? column} ${parts[i]}`).join(' · ');
}
