/**
 * The audit triggers, written at every start after the migrations and the declared resources'
 * tables (which may have gained columns): an AFTER INSERT/UPDATE/DELETE row trigger on every
 * audited table (coverage.ts) adds one row to `audit_log` in the statement that writes, so the
 * write and its audit row are stored together or not at all. A row records the request's context
 * (context.ts), the table, the record's key, the action and the changed columns before → after;
 * an update that changes nothing adds no row.
 *
 * SQLite: the triggers are TEMP triggers of the server's own connection, created at each start:
 * they call the application function `audit_context()` that only that connection has, so another
 * program opening the file (the sqlite3 shell, a backup tool) writes as before, unaudited, instead
 * of failing on a function it lacks.
 */
import { sql, type Kysely } from 'kysely';
import type { PersonalKind } from '../../contract/personalData';
import type { ResourceDefinition } from '../../resources/define';
import type { DatabaseHandle } from '../db/database';
import { isAudited, MASK, SECRET_COLUMNS } from './coverage';
import { personalColumns, type PersonalColumns } from './personalColumns';

interface AuditedTable {
  name: string;
  columns: string[];
  /** The record's key: `id`, or the primary key's columns (a join table's pair). */
  key: string[];
  /** Its personal columns and how each is stored masked (./personalColumns.ts). */
  personal: ReadonlyMap<string, PersonalKind>;
}

const NONE: ReadonlyMap<string, PersonalKind> = new Map();

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

async function sqliteTables(db: Kysely<unknown>, personal: PersonalColumns): Promise<AuditedTable[]> {
  const { rows: tables } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(db);
  const audited: AuditedTable[] = [];
  for (const { name } of tables.filter((t) => isAudited(t.name))) {
    const { rows } = await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${name}) order by cid`.execute(db);
    const columns = rows.map((r) => r.name);
    const key = columns.includes('id') ? ['id'] : rows.filter((r) => r.pk > 0).sort((a, b) => a.pk - b.pk).map((r) => r.name);
    audited.push({ name, columns, key: key.length ? key : ['rowid'], personal: personal.get(name) ?? NONE });
  }
  return audited;
}

/** The trigger statements of one table (SQLite): one per action. */
export function sqliteTriggers({ name, columns, key, personal }: AuditedTable): Map<string, string> {
  // A personal column is stored as `audit_mask()` (./sqliteContext.ts) masks it: the contract's masks.
  const value = (row: string, column: string) => {
    if (SECRET_COLUMNS.has(column)) return `case when ${row}.${quote(column)} is null then null else '${MASK}' end`;
    const kind = personal.get(column);
    return kind ? `audit_mask(${literal(kind)}, ${row}.${quote(column)})` : `${row}.${quote(column)}`;
  };
  const changes = (before: string | undefined, after: string | undefined) => {
    const terms = columns.map((column) => {
      const was = before ? value(before, column) : 'null';
      const is = after ? value(after, column) : 'null';
      const changed = before && after ? `${before}.${quote(column)} is not ${after}.${quote(column)}` : `${before ?? after}.${quote(column)} is not null`;
      return `select ${literal(column)} as k, ${was} as b, ${is} as a, ${changed} as c`;
    });
    return `(select json_group_object(k, json_array(b, a)) from (${terms.join(' union all ')}) where c)`;
  };
  const insert = (action: string, row: string, before?: string, after?: string) => `
    insert into main.audit_log (changed_at, request_id, user_id, user_code, user_name, method, route, address, table_name, record_id, action, changes)
    select json_extract(c.v, '$.at'), json_extract(c.v, '$.requestId'), json_extract(c.v, '$.userId'), json_extract(c.v, '$.userCode'), json_extract(c.v, '$.userName'),
      json_extract(c.v, '$.method'), json_extract(c.v, '$.route'), json_extract(c.v, '$.address'), ${literal(name)},
      ${key.map((column) => `${row}.${quote(column)}`).join(` || ':' || `)}, '${action}', ${changes(before, after)}
    from (select audit_context() as v) c;`;
  const anyChange = columns.map((column) => `old.${quote(column)} is not new.${quote(column)}`).join(' or ');
  const trigger = (action: string, when: string, body: string) =>
    `create temp trigger ${quote(`audit_${name}_${action}`)} after ${action} on main.${quote(name)} when ${when} begin ${body} end`;
  return new Map([
    [`audit_${name}_insert`, trigger('insert', 'audit_context() is not null', insert('insert', 'new', undefined, 'new'))],
    [`audit_${name}_update`, trigger('update', `audit_context() is not null and (${anyChange})`, insert('update', 'new', 'old', 'new'))],
    [`audit_${name}_delete`, trigger('delete', 'audit_context() is not null', insert('delete', 'old', 'old', undefined))],
  ]);
}

async function syncSqlite(db: Kysely<unknown>, personal: PersonalColumns): Promise<void> {
  const { rows } = await sql<{ name: string; sql: string }>`select name, sql from sqlite_temp_master where type = 'trigger' and name like 'audit\\_%' escape '\\'`.execute(db);
  const existing = new Map(rows.map((r) => [r.name, r.sql]));
  for (const table of await sqliteTables(db, personal)) {
    for (const [name, statement] of sqliteTriggers(table)) {
      if (existing.get(name) === statement) continue;
      await db.transaction().execute(async (trx) => {
        await sql.raw(`drop trigger if exists temp.${quote(name)}`).execute(trx);
        await sql.raw(statement).execute(trx);
      });
    }
  }
}

/**
 * The masks of contract/personalData.ts in SQL (PostgreSQL; SQLite calls the contract's own
 * functions). tests/api/auditPersonalData.test.ts compares the two on both databases.
 */
const POSTGRES_MASK = String.raw`
create or replace function audit_mask(kind text, v text) returns text language plpgsql immutable as $$
declare
  t text := regexp_replace(v, '^\s+|\s+$', '', 'g');
  digits text;
  at int;
begin
  if v is null or v = '' then return v; end if;
  if kind = 'hidden' then return '${MASK}'; end if;
  if kind = 'account' then kind := case when strpos(t, '@') > 0 then 'email' else 'phone' end; end if;
  if kind = 'phone' then
    return case when length(t) < 7 then '****' else left(t, 3) || '****' || right(t, 4) end;
  elsif kind = 'email' then
    at := case when strpos(t, '@') = 0 then 0 else length(t) - strpos(reverse(t), '@') + 1 end;
    return case when at <= 1 then '****' else left(t, 1) || '***' || substr(t, at) end;
  elsif kind = 'idCard' then
    return case when length(t) < 10 then '****' else left(t, 6) || '****' || right(t, 4) end;
  elsif kind = 'bankAccount' then
    digits := regexp_replace(t, '\s+', '', 'g');
    return case when length(digits) < 8 then '****' else left(digits, 4) || ' **** **** ' || right(digits, 4) end;
  elsif kind = 'taxNumber' then
    return case when length(t) < 8 then '****' else left(t, 4) || repeat('*', length(t) - 8) || right(t, 4) end;
  elsif kind = 'qq' then
    return case when length(t) < 8 then '****' else left(t, 2) || '****' || right(t, 2) end;
  elsif kind = 'address' then
    return left(btrim(substring(t from '^[^0-9０-９*]*')), 4) || '****';
  elsif kind = 'personName' then
    return case when length(t) < 2 or left(t, 1) = '*' then '**' else left(t, 1) || '**' end;
  end if;
  -- A kind this function does not know yet: nothing of the value.
  return '${MASK}';
end $$`;

/** One function serves every table (PostgreSQL): the columns come from the row itself. */
const POSTGRES_FUNCTION = `
create or replace function audit_row() returns trigger language plpgsql as $$
declare
  ctx jsonb := nullif(current_setting('audit.context', true), '')::jsonb;
  secrets text[] := tg_argv[0]::text[];
  keys text[] := tg_argv[1]::text[];
  personal jsonb := coalesce(tg_argv[2], '{}')::jsonb;
  was jsonb := case when tg_op = 'INSERT' then '{}'::jsonb else to_jsonb(old) end;
  now_is jsonb := case when tg_op = 'DELETE' then '{}'::jsonb else to_jsonb(new) end;
  written jsonb := case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end;
  changes jsonb := '{}'::jsonb;
  col text;
  b jsonb;
  a jsonb;
begin
  if ctx is null then return null; end if;
  for col in select jsonb_object_keys(written) loop
    b := coalesce(was -> col, 'null'::jsonb);
    a := coalesce(now_is -> col, 'null'::jsonb);
    if b is distinct from a then
      if col = any(secrets) then
        b := case when b = 'null'::jsonb then b else to_jsonb('${MASK}'::text) end;
        a := case when a = 'null'::jsonb then a else to_jsonb('${MASK}'::text) end;
      elsif personal ->> col is not null then
        b := case when b = 'null'::jsonb then b else to_jsonb(audit_mask(personal ->> col, b #>> '{}')) end;
        a := case when a = 'null'::jsonb then a else to_jsonb(audit_mask(personal ->> col, a #>> '{}')) end;
      end if;
      changes := changes || jsonb_build_object(col, jsonb_build_array(b, a));
    end if;
  end loop;
  if changes = '{}'::jsonb then return null; end if;
  insert into audit_log (changed_at, request_id, user_id, user_code, user_name, method, route, address, table_name, record_id, action, changes)
  values ((ctx ->> 'at')::bigint, ctx ->> 'requestId', (ctx ->> 'userId')::bigint, ctx ->> 'userCode', ctx ->> 'userName', ctx ->> 'method',
    ctx ->> 'route', ctx ->> 'address', tg_table_name,
    (select string_agg(written ->> k.name, ':' order by k.position) from unnest(keys) with ordinality as k(name, position)),
    lower(tg_op), changes::text);
  return null;
end $$`;

async function syncPostgres(db: Kysely<unknown>, personal: PersonalColumns): Promise<void> {
  await sql.raw(POSTGRES_MASK).execute(db);
  await sql.raw(POSTGRES_FUNCTION).execute(db);
  const { rows } = await sql<{ name: string; columns: string[] | string; key: string[] | string | null }>`
    select t.table_name as name,
      array(select c.column_name::text from information_schema.columns c where c.table_schema = t.table_schema and c.table_name = t.table_name order by c.ordinal_position) as columns,
      array(select k.column_name::text from information_schema.table_constraints tc
        join information_schema.key_column_usage k on k.constraint_name = tc.constraint_name and k.table_schema = tc.table_schema
        where tc.table_schema = t.table_schema and tc.table_name = t.table_name and tc.constraint_type = 'PRIMARY KEY' order by k.ordinal_position) as key
    from information_schema.tables t
    where t.table_schema = current_schema() and t.table_type = 'BASE TABLE'`.execute(db);
  const list = (value: string[] | string | null) => (Array.isArray(value) ? value : value ? value.replace(/^\{|\}$/g, '').split(',').filter(Boolean) : []);
  for (const row of rows.filter((r) => isAudited(r.name))) {
    const columns = list(row.columns);
    const key = columns.includes('id') ? ['id'] : list(row.key);
    const secrets = columns.filter((c) => SECRET_COLUMNS.has(c));
    const array = (items: string[]) => literal(`{${items.join(',')}}`);
    const masks = literal(JSON.stringify(Object.fromEntries(personal.get(row.name) ?? NONE)));
    await sql
      .raw(`create or replace trigger audit_row after insert or update or delete on ${quote(row.name)} for each row execute function audit_row(${array(secrets)}, ${array(key)}, ${masks})`)
      .execute(db);
  }
}

/** `definitions`: the declared resources, whose `privacy` says which of their columns are personal. */
export async function syncAuditTriggers(handle: DatabaseHandle, definitions?: readonly ResourceDefinition[]): Promise<void> {
  // Without the camel-case plugin: these statements name the tables and columns as stored.
  const db = handle.db.withoutPlugins() as unknown as Kysely<unknown>;
  const personal = personalColumns(definitions);
  await (handle.dialect === 'postgres' ? syncPostgres(db, personal) : syncSqlite(db, personal));
}
