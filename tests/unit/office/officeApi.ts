/**
 * msw handlers for the organisation calls with in-memory offices and staff: the tree, detail,
 * save (with the contract's rules), cascading delete, members, candidates, add, remove and the
 * supervisor flag. Every call is recorded in `state.requests`.
 */
import { http, HttpResponse } from 'msw';
import { Code } from '../../../contract/codes';
import { officeEntity, officeParentError } from '../../../contract/entities/office';
import { STAFF_PICKER_FIELDS } from '../../../contract/entities/staff';
import { validateEntity } from '../../../contract/validation';
import { localeFromHeader } from '../../../contract/i18n';

export interface OfficeRow {
  id: number;
  name: string;
  type: number;
  parentId: number;
  remark: string | null;
}

export interface StaffRow {
  id: number;
  name: string;
  code: string;
  telephone: string;
  officeId: number | null;
  adminFlag: number;
}

export interface OfficeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown>;
}

export const officeRows = (): OfficeRow[] => [
  { id: 1, name: '研发部', type: 1, parentId: 0, remark: '负责产品研发' },
  { id: 2, name: '前端组', type: 2, parentId: 1, remark: null },
  { id: 3, name: '市场部', type: 1, parentId: 0, remark: null },
];

export const staffRows = (): StaffRow[] => [
  { id: 11, name: '张三', code: 'zhangsan', telephone: '13800000011', officeId: 1, adminFlag: 0 },
  { id: 12, name: '李四', code: 'lisi', telephone: '13800000012', officeId: 1, adminFlag: 1 },
  { id: 13, name: '王五', code: 'wangwu', telephone: '13800000013', officeId: 2, adminFlag: 0 },
  { id: 14, name: '赵六', code: 'zhaoliu', telephone: '13800000014', officeId: null, adminFlag: 0 },
  { id: 15, name: '孙七', code: 'sunqi', telephone: '13800000015', officeId: 3, adminFlag: 0 },
];

const ok = (data: unknown) => HttpResponse.json({ code: Code.OK, msg: 'success', data });

export function createOfficeMockApi() {
  const state = { offices: officeRows(), staff: staffRows(), requests: [] as OfficeRequest[] };
  let nextId = 100;

  async function enter(request: Request) {
    const url = new URL(request.url);
    const query = Object.fromEntries(url.searchParams);
    const text = request.method === 'GET' ? '' : await request.text();
    const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    state.requests.push({ method: request.method, path: url.pathname.replace('/base/admin', ''), query, body });
    return { query, body, locale: localeFromHeader(request.headers.get('accept-language') ?? undefined) };
  }

  const ids = (param: string | undefined) => (param ?? '').split(',').filter(Boolean).map(Number);
  const tree = (parentId: number): unknown[] => state.offices.filter((o) => o.parentId === parentId).map((o) => ({ ...o, child: tree(o.id) }));
  const officeName = (id: number | null) => state.offices.find((o) => o.id === id)?.name ?? null;
  /** A page of rows as /user/list answers them, or (`fields`) cut to those fields as /user/filterList does. */
  const page = (rows: StaffRow[], body: Record<string, unknown>, fields?: readonly string[]) => {
    const pageNo = Number(body.pageNo) || 1;
    const pageSize = Number(body.pageSize) || 10;
    const items = rows.slice((pageNo - 1) * pageSize, pageNo * pageSize).map((row, index) => ({
      ...row,
      idx: (pageNo - 1) * pageSize + index + 1,
      officeName: officeName(row.officeId),
      roles: [],
      censusRegionName: null,
    }));
    const cut = fields ? items.map((item) => Object.fromEntries(fields.map((field) => [field, item[field as keyof typeof item]]))) : items;
    return ok({ items: cut, total: rows.length });
  };

  const handlers = [
    http.get('*/base/admin/office/list', async ({ request }) => {
      await enter(request);
      return ok(tree(0));
    }),
    http.get('*/base/admin/office/detail', async ({ request }) => {
      const { query } = await enter(request);
      return ok(state.offices.find((o) => o.id === Number(query.id)) ?? null);
    }),
    http.post('*/base/admin/office/saveOrUpdate', async ({ request }) => {
      const { body, locale } = await enter(request);
      const result = validateEntity(officeEntity, body, locale);
      const parentError = officeParentError(body, locale);
      if (!result.ok || parentError) {
        const fields = { ...(result.ok ? {} : result.fields), ...(parentError ? { parentId: parentError } : {}) };
        return HttpResponse.json({ code: Code.VALIDATION_FAILED, msg: '提交的数据有误', data: { fields } }, { status: 400 });
      }
      const values = { name: String(body.name), type: Number(body.type), parentId: Number(body.parentId), remark: (body.remark as string) || null };
      const existing = state.offices.find((o) => o.id === Number(body.id));
      if (existing) Object.assign(existing, values);
      else state.offices.push({ id: nextId++, ...values });
      return ok(existing?.id ?? nextId - 1);
    }),
    http.get('*/base/admin/office/delete', async ({ request }) => {
      const { query } = await enter(request);
      const doomed = new Set(ids(query.ids));
      for (const office of state.offices) if (doomed.has(office.parentId)) doomed.add(office.id);
      state.offices = state.offices.filter((o) => !doomed.has(o.id));
      return ok(null);
    }),
    http.get('*/base/admin/office/add/user', async ({ request }) => {
      const { query } = await enter(request);
      for (const row of state.staff) if (ids(query.ids).includes(row.id)) row.officeId = Number(query.officeId);
      return ok(null);
    }),
    http.get('*/base/admin/office/remove/user', async ({ request }) => {
      const { query } = await enter(request);
      for (const row of state.staff) if (ids(query.ids).includes(row.id)) Object.assign(row, { officeId: null, adminFlag: 0 });
      return ok(null);
    }),
    http.get('*/base/admin/office/update/officeAdminFlag', async ({ request }) => {
      const { query } = await enter(request);
      for (const row of state.staff) if (ids(query.ids).includes(row.id)) row.adminFlag = Number(query.adminFlag);
      return ok(null);
    }),
    http.post('*/base/admin/user/list', async ({ request }) => {
      const { body } = await enter(request);
      // As the server answers: a department's members are also its groups' (server/office/repository.ts officeScope).
      const scope = new Set([Number(body.officeId), ...state.offices.filter((o) => o.parentId === Number(body.officeId)).map((o) => o.id)]);
      return page(state.staff.filter((row) => row.officeId !== null && scope.has(row.officeId)), body);
    }),
    http.post('*/base/admin/user/filterList', async ({ request }) => {
      const { body } = await enter(request);
      const key = String(body.searchKey ?? '');
      return page(state.staff.filter((row) => !key || row.name.includes(key) || row.code.includes(key) || row.telephone.includes(key)), body, STAFF_PICKER_FIELDS);
    }),
  ];

  return { handlers, state };
}

export type OfficeMockApi = ReturnType<typeof createOfficeMockApi>;
