/**
 * A key unique within an optional field is unique among the records where that field is empty too:
 * the check compared with `= NULL`, which matches nothing, so the same key was stored again and again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, optionalText, requiredText, text } from '../../contract';
import { defineEntity } from '../../contract/entity';
import { defineResource } from '../../resources/define';
import { resourceDefinitions } from '../../resources/registry';
import { ADMIN, startTestServer, type TestServer } from './harness';

const labelEntity = defineEntity({
  fields: { code: requiredText(text('编码', 'Code'), 20), shelf: optionalText(text('货架', 'Shelf'), 20) },
  unique: { fields: ['shelf', 'code'], duplicate: text('该货架已有此编码', 'This shelf has that code') },
});
const labels = defineResource({
  name: 'shelfLabel',
  entity: labelEntity,
  table: 'shelf_label',
  title: text('货架标签', 'Shelf labels'),
  menu: { navigation: 'tools', sort: 91, icon: 'filetext', path: '/tools/shelfLabel' },
  paging: 'pageNo',
  search: ['code'],
  sort: [['code', 'asc']],
  columns: [{ field: 'code' }, { field: 'shelf' }],
  form: [{ field: 'code' }, { field: 'shelf' }],
});

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({ definitions: [...resourceDefinitions, labels] });
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await server?.close();
});

const save = (body: Record<string, unknown>) => server.call<{ id: number }>('POST', '/base/admin/shelfLabel/saveOrUpdate', { token, body });

describe('a key unique within an optional field', () => {
  it('is refused again where that field is empty, as where it holds a value', async () => {
    expect((await save({ code: 'A1', shelf: '' })).body.code).toBe(Code.OK);
    const again = await save({ code: 'A1' });
    expect(again.body.code).toBe(Code.DUPLICATE);
    expect(JSON.stringify(again.body.data)).toContain('该货架已有此编码');

    expect((await save({ code: 'A1', shelf: 'east' })).body.code).toBe(Code.OK);
    expect((await save({ code: 'A1', shelf: 'east' })).body.code).toBe(Code.DUPLICATE);
    const list = await server.call<{ total: number }>('GET', '/base/admin/shelfLabel/list', { token, query: { pageNo: 1, pageSize: 10 } });
    expect(list.body.data.total).toBe(2);
  });
});
