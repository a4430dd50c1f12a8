/**
 * The person list's import (`/user/import`, its template `/user/importTemplate`): one new account
 * per row, in the columns a new account needs. Choices by their label in either language or their
 * value; the department by its name (when one department has it); roles by their names
 * (`甲、乙` or `a, b`); each address's region by its names as the person list shows them
 * (`浙江省 / 杭州市 / 西湖区`). Each row is checked exactly as /user/saveOrUpdate checks a new account
 * (./saveStaff.ts `validStaff` and `staffValueChecks`, and the role rules of server/roles/assignRoles.ts);
 * code and telephone may not repeat within the file. Accounts are created as the save creates them:
 * an unusable password that must be changed (an administrator resets it to hand it over).
 * Each row's department must be in the caller's data scope (unplaced: only with a scope of all).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { format, text, type Text } from '../../contract';
import { CENSUS_REGION, EDUCATION_LEVELS, LIVE_REGION, MARRIAGE_STATUSES, NATIONS, SEXES, STAFF_ENABLE_FLAGS, staffEntity } from '../../contract/entities/staff';
import type { Option } from '../../contract/fields';
import type { RegionIndex, RegionNode } from '../../contract/regions';
import type { Database } from '../db/schema';
import { success } from '../http/envelope';
import { callerOf } from '../http/requestContext';
import { MESSAGES, namedValues, partsOf, ruleOf, type ImportColumn, type Parsed } from '../import/columns';
import { isRequiredField } from '../import/declaredColumns';
import { recordByName } from '../import/referenceNames';
import { runImport } from '../import/runImport';
import { sendTemplate } from '../import/template';
import { requireOwnRoles } from '../roles/assignRoles';
import { officeReachable, outOfScope, staffScopeOf } from '../scope/dataScope';
import { regionIndex } from './regions';
import { insertAccount, staffValueChecks, unusablePasswordHash, validStaff, type StaffValues } from './saveStaff';

type Field = keyof typeof staffEntity.fields;

const TITLE: Text = text('人员管理', 'Staff');
const LABELS = {
  census: text('户籍地区', 'Census region'),
  live: text('现居住地区', 'Residence region'),
  roles: text('关联角色', 'Linked roles'),
  noRegion: text('找不到地区“{name}”', 'No region is named “{name}”'),
  department: text('部门', 'department'),
  role: text('角色', 'role'),
} satisfies Record<string, Text>;

const plain = (field: Field): ImportColumn => {
  const spec = staffEntity.fields[field];
  return { field, label: spec.label, required: isRequiredField(spec), rule: ruleOf(spec), parse: (cell) => ({ value: cell }) };
};

const choice = (field: Field, options: readonly Option[]): ImportColumn => {
  const find = namedValues(options.map((o) => ({ value: o.value, names: [o.label['zh-CN'], o.label['en-US'], String(o.value)] })));
  return { ...plain(field), choices: options.map((o) => o.label), parse: (cell) => ({ value: find(cell) ?? cell }) };
};

/** The division named `name` among `nodes` (its Chinese or English name, or its code). */
function nodeNamed(nodes: readonly RegionNode[], name: string): RegionNode | undefined {
  const wanted = name.trim().toLowerCase();
  return nodes.find((node) => [node.region_name, node.region_name_en, node.region_shortname_en, node.region_code].some((n) => n && n.toLowerCase() === wanted));
}

/** `浙江省 / 杭州市 / 西湖区` as the codes of the path (a shorter path stays short: the save names the level missing). */
function regionColumn(key: 'census' | 'live', fields: readonly [Field, Field, Field], index: Promise<RegionIndex>): ImportColumn {
  return {
    field: key,
    label: LABELS[key],
    required: true,
    rule: MESSAGES.region,
    async parse(cell, locale): Promise<Parsed> {
      const provinces = [...(await index).values()].filter((entry) => entry.node.level === 1).map((entry) => entry.node);
      const codes: string[] = [];
      let nodes: readonly RegionNode[] = provinces;
      for (const name of cell.split('/').map((part) => part.trim()).filter(Boolean).slice(0, 3)) {
        const node = nodeNamed(nodes, name);
        if (!node) return { problem: format(LABELS.noRegion[locale], { name }) };
        codes.push(node.region_code);
        nodes = node.children;
      }
      return { value: Object.fromEntries(fields.map((field, i) => [field, codes[i]])) };
    },
  };
}

export function staffImporter(db: Kysely<Database>) {
  const checkStaffValues = staffValueChecks(db);
  function columns(): ImportColumn[] {
    const regions = regionIndex();
    const department = recordByName(db, 'office', 'name', LABELS.department);
    const role = recordByName(db, 'role', 'name', LABELS.role);
    return [
      plain('code'),
      plain('name'),
      plain('telephone'),
      choice('sex', SEXES),
      plain('card'),
      plain('birthday'),
      choice('nation', NATIONS),
      choice('marriageStatus', MARRIAGE_STATUSES),
      plain('email'),
      plain('crashName'),
      plain('crashPhone'),
      regionColumn('census', CENSUS_REGION, regions),
      plain('censusAddress'),
      regionColumn('live', LIVE_REGION, regions),
      plain('liveAddress'),
      plain('graduatedSchool'),
      plain('specialty'),
      choice('education', EDUCATION_LEVELS),
      plain('graduatedTime'),
      { ...plain('officeId'), rule: { 'zh-CN': '填写部门的名称', 'en-US': 'The name of the department' }, parse: department },
      plain('position'),
      plain('grade'),
      {
        field: 'roles',
        label: LABELS.roles,
        required: false,
        rule: MESSAGES.tags,
        async parse(cell, locale): Promise<Parsed> {
          const ids: number[] = [];
          for (const name of partsOf(cell)) {
            const parsed = await role(name, locale);
            if ('problem' in parsed) return parsed;
            ids.push(parsed.value as number);
          }
          return { value: [...new Set(ids)] };
        },
      },
      // The export heads it as the list's switch column.
      { ...choice('isEnable', STAFF_ENABLE_FLAGS), aliases: [text('启用', 'Enabled')] },
    ];
  }

  const columnOf = (field: string) => ((CENSUS_REGION as readonly string[]).includes(field) ? 'census' : (LIVE_REGION as readonly string[]).includes(field) ? 'live' : field === 'roleIds' ? 'roles' : field);
  type Row = { values: StaffValues; roleIds: number[] };

  async function importStaff(request: FastifyRequest) {
    const caller = callerOf(request);
    const { locale } = request;
    // One hash for the file's accounts: each is unusable alike (nobody knows the password), and
    // hashing is slow on purpose (5,000 rows would take minutes).
    let passwordHash: Promise<string> | undefined;
    const scope = staffScopeOf(db, caller.userId);
    const report = await runImport<Row>(request, db, {
      table: 'user',
      columns: columns(),
      unique: [
        { fields: ['code'], label: staffEntity.fields.code.label },
        { fields: ['telephone'], label: staffEntity.fields.telephone.label },
      ],
      columnOf,
      async check(input) {
        const { census, live, roles, ...fields } = input as Record<string, unknown> & { census?: object; live?: object; roles?: number[] };
        const values = validStaff({ ...fields, ...census, ...live }, locale);
        await checkStaffValues(values, undefined, locale);
        if (!officeReachable(await scope, values.officeId as number | null)) throw outOfScope();
        // Links without an end: refused for a role the caller holds only for a while (as the save refuses it).
        await requireOwnRoles(db, caller, roles ?? [], { given: new Map((roles ?? []).map((id) => [id, null])) });
        return { values, roleIds: roles ?? [] };
      },
      async write(trx, rows) {
        passwordHash ??= unusablePasswordHash();
        const hash = await passwordHash;
        for (const { values, roleIds } of rows) await insertAccount(trx, caller, values, roleIds, hash, locale);
      },
    });
    return success(request, report);
  }

  return {
    importStaff,
    template: (request: FastifyRequest, reply: FastifyReply) => sendTemplate(request, reply, TITLE, columns()),
  };
}

