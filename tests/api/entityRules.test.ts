/**
 * The rules of a declared entity beyond its single fields, on any declared resource: a rule over
 * two fields (an end after its start) holds on create and on a partial update, several unique
 * rules each refuse their own duplicate with their own message, and a unique field stays
 * editable unless the definition fixes it (before, a unique title could never be corrected).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { after, Code, isCalendarDate, optionalText, patternText, requiredText, text } from '../../contract';
import { defineEntity } from '../../contract/entity';
import { defineResource } from '../../resources/define';
import { resourceDefinitions } from '../../resources/registry';
import { ADMIN, startTestServer, type TestServer } from './harness';

const date = (label: ReturnType<typeof text>) => patternText(label, 10, (value, m) => (isCalendarDate(value) ? undefined : m('date')));
const bookingEntity = defineEntity({
  fields: {
    title: requiredText(text('标题', 'Title'), 30),
    room: optionalText(text('房间', 'Room'), 10),
    code: requiredText(text('编码', 'Code'), 30),
    startDate: date(text('开始日期', 'Start date')),
    endDate: date(text('结束日期', 'End date')),
  },
  unique: [
    { fields: ['title'], duplicate: text('标题不可以重复', 'This title already exists') },
    { fields: ['room', 'code'], duplicate: text('该房间已有此编码', 'This room has that code') },
  ],
  rules: [after('endDate', 'startDate')],
});
const bookings = defineResource({
  name: 'booking',
  entity: bookingEntity,
  table: 'booking',
  title: text('预订', 'Bookings'),
  menu: { navigation: 'tools', sort: 92, icon: 'filetext', path: '/tools/booking' },
  paging: 'pageNo',
  keyCheck: { path: 'validateCode', param: 'code' },
  fixed: ['code'],
  search: ['title'],
  sort: [['title', 'asc']],
  columns: [{ field: 'title' }, { field: 'room' }, { field: 'code' }],
  form: [{ field: 'title' }, { field: 'room' }, { field: 'code' }, { field: 'startDate' }, { field: 'endDate' }],
});

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({ definitions: [...resourceDefinitions, bookings] });
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await server?.close();
});

interface Booking {
  id: number;
  title: string;
  code: string;
  startDate: string;
  endDate: string;
}
const save = (body: Record<string, unknown>, locale = 'zh-CN') =>
  server.call<Booking & { fields?: Record<string, string> }>('POST', '/base/admin/booking/saveOrUpdate', { token, body, headers: { 'Accept-Language': locale } });
const detail = async (id: number) => (await server.call<Booking>('GET', '/base/admin/booking/detail', { token, query: { id } })).body.data;
const total = async () => (await server.call<{ total: number }>('GET', '/base/admin/booking/list', { token, query: { pageNo: 1, pageSize: 50 } })).body.data.total;
const booking = (title: string, extra: Record<string, unknown> = {}) => ({ title, code: `c-${title}`, startDate: '2026-03-01', endDate: '2026-03-05', ...extra });

describe('a rule over two fields', () => {
  it('refuses an end before its start on create, with the message on the end, and stores nothing', async () => {
    const before = await total();
    const refused = await save(booking('early', { endDate: '2026-02-28' }));
    expect(refused.body.code).toBe(Code.VALIDATION_FAILED);
    expect(refused.body.msg).toBe('结束日期须晚于开始日期');
    expect(refused.body.data.fields).toEqual({ endDate: '结束日期须晚于开始日期' });
    const english = await save(booking('early', { endDate: '2026-03-01' }), 'en-US');
    expect(english.body.data.fields).toEqual({ endDate: 'End date must be after Start date' });
    expect(await total()).toBe(before);
  });

  it('is not checked while a field it reads breaks its own rule', async () => {
    const refused = await save(booking('bad start', { startDate: '2026-13-01' }));
    expect(refused.body.data.fields).toEqual({ startDate: expect.stringContaining('开始日期') });
  });

  it('holds on an update naming only one of its fields, against the stored other one', async () => {
    const created = (await save(booking('partial'))).body.data;
    const refused = await save({ id: created.id, startDate: '2026-03-09' });
    expect(refused.body.code).toBe(Code.VALIDATION_FAILED);
    expect(refused.body.data.fields).toEqual({ endDate: '结束日期须晚于开始日期' });
    expect(await detail(created.id)).toMatchObject({ startDate: '2026-03-01', endDate: '2026-03-05' });
    expect((await save({ id: created.id, startDate: '2026-03-04' })).body.code).toBe(Code.OK);
  });
});

describe('several unique rules on one entity', () => {
  it('each refuse their own duplicate with their own message, on their own field', async () => {
    expect((await save(booking('taken', { room: 'A', code: 'k1' }))).body.code).toBe(Code.OK);
    const sameTitle = await save(booking('taken', { room: 'B', code: 'k2' }));
    expect(sameTitle.body.code).toBe(Code.DUPLICATE);
    expect(sameTitle.body.data.fields).toEqual({ title: '标题不可以重复' });
    const sameRoomCode = await save(booking('other', { room: 'A', code: 'k1' }));
    expect(sameRoomCode.body.code).toBe(Code.DUPLICATE);
    expect(sameRoomCode.body.data.fields).toEqual({ code: '该房间已有此编码' });
    // An empty room is a room too: its codes are unique among the rooms left empty.
    expect((await save(booking('no room 1', { code: 'k3' }))).body.code).toBe(Code.OK);
    expect((await save(booking('no room 2', { code: 'k3' }))).body.data.fields).toEqual({ code: '该房间已有此编码' });
    expect((await save(booking('room B', { room: 'B', code: 'k1' }))).body.code).toBe(Code.OK);
  });

  it('decide saves racing for one key by the index, answering that rule\'s message', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => save(booking(`race-${i}`, { room: 'R', code: 'same' }))));
    expect(answers.filter((a) => a.body.code === Code.OK)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.body.code !== Code.OK)) expect(refused.body.data.fields).toEqual({ code: '该房间已有此编码' });
  });

  it('answer the key check for the rule holding the key, the edited record excluded', async () => {
    const created = (await save(booking('checked', { room: 'C', code: 'k9' }))).body.data;
    const check = async (query: Record<string, string | number>) => (await server.call<boolean>('GET', '/base/admin/booking/validateCode', { token, query })).body;
    expect((await check({ code: 'k9', room: 'C' })).data).toBe(false);
    expect((await check({ code: 'k9', room: 'C', id: created.id })).data).toBe(true);
    expect((await check({ code: 'k9', room: 'D' })).data).toBe(true);
    expect((await check({ code: 'k9' })).code).toBe(Code.VALIDATION_FAILED);
  });
});

describe('a unique field', () => {
  it('can be corrected when the definition does not fix it, and still not to a taken value', async () => {
    const created = (await save(booking('Tpyo'))).body.data;
    const corrected = await save({ id: created.id, title: 'Typo' });
    expect(corrected.body.code).toBe(Code.OK);
    expect((await detail(created.id)).title).toBe('Typo');
    await save(booking('Elsewhere'));
    expect((await save({ id: created.id, title: 'Elsewhere' })).body.data.fields).toEqual({ title: '标题不可以重复' });
  });

  it('stays as created when the definition lists it in fixed', async () => {
    const created = (await save(booking('fixed code', { code: 'old' }))).body.data;
    const refused = await save({ id: created.id, code: 'new' });
    expect(refused.body.code).toBe(Code.VALIDATION_FAILED);
    expect(refused.body.data.fields).toEqual({ code: '编码不可修改' });
    expect((await detail(created.id)).code).toBe('old');
  });
});
