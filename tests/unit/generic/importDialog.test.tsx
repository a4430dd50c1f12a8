/**
 * Importing records into a declared list from .xlsx, against the real import routes: the button
 * only for holders of `<name>:import`, the dry run's report of problem rows (and no commit while
 * there are any), a good file committed and shown in the list, a file imported before, and a file
 * too large refused before it is sent.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import { XLSX_TYPE } from '../../../contract/exportFile';
import { IMPORT_LIMITS } from '../../../contract/importFile';
import { TOKEN_HEADER } from '../../../contract/session';
import { resourceDefinitions } from '../../../resources/registry';
import { setLocale } from '../../../src/i18n';
import { renderResourceList, saveParams, setUpBridge, tokenWithGrants } from './harness';

vi.setConfig({ testTimeout: 60000 });
// The parameter list, importable here whatever the registry says.
const definitions = resourceDefinitions.map((definition) => (definition.name === 'param' ? { ...definition, importable: true } : definition));
const paramResource = definitions.find((definition) => definition.name === 'param')!;
const bridge = setUpBridge({ definitions });
const slow = { timeout: 15000 };

/** The real template with these rows below its header, the cells given by header text (without the required mark). */
async function bytesOf(rows: ReadonlyArray<Record<string, string | number>>): Promise<Buffer> {
  const answer = await bridge.app.inject({ method: 'GET', url: '/base/admin/param/importTemplate', headers: { [TOKEN_HEADER]: bridge.token } });
  expect(answer.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).map((value) => String(value ?? '').replace(/[*＊]/g, '').trim());
  for (const row of rows) sheet.addRow(headers.map((header) => row[header] ?? null).slice(1));
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function fileOf(rows: ReadonlyArray<Record<string, string | number>>, name = 'params.xlsx'): Promise<File> {
  return new File([new Uint8Array(await bytesOf(rows))], name, { type: XLSX_TYPE });
}

const dialog = () => screen.findByRole('dialog', {}, slow);
const pick = async (file: File) => {
  const input = (await dialog()).querySelector<HTMLInputElement>('input[type=file]')!;
  await userEvent.setup({ pointerEventsCheck: 0 }).upload(input, file);
};
const openImport = async () => {
  renderResourceList(bridge.token, paramResource);
  await userEvent.setup({ pointerEventsCheck: 0 }).click(await screen.findByRole('button', { name: /导\s*入/ }, slow));
  return dialog();
};
const imports = () => bridge.requests.filter((request) => request.path === '/base/admin/param/import');

describe('the import button', () => {
  it('shows only to holders of the import element', async () => {
    await saveParams(bridge);
    const clerk = await tokenWithGrants(bridge, (code) => code !== 'param:import');
    renderResourceList(clerk, paramResource);
    await screen.findByText('site.name', {}, slow);
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /导\s*入/ })).not.toBeInTheDocument();
  });
});

describe('the import dialog', () => {
  it('checks a file at once and lists its problem rows; nothing can be imported while there are any', async () => {
    await saveParams(bridge);
    const modal = await openImport();
    await pick(await fileOf([{ 排序号: 5, Key: 'import.one', 值: 'one' }, { 排序号: 6, Key: '', 值: 'no key' }, { 排序号: 7, Key: 'site.name', 值: 'taken' }]));
    await within(modal).findByText(/共 3 行，1 行有效，2 个问题/, {}, slow);
    expect(imports().at(-1)?.query).toEqual({ dryRun: '1' });
    const rows = within(modal).getAllByRole('row').slice(1).map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(rows.map((row) => row[0])).toEqual(['3', '4']);
    // The column as the template heads it (a required one marked).
    expect(rows[0]![1]).toBe('*Key');
    expect(within(modal).getByRole('button', { name: /导入 1 行/ })).toBeDisabled();
    expect(within(modal).getByRole('button', { name: /下载问题报告/ })).toBeInTheDocument();
    // Nothing was written.
    expect(await bridge.db.selectFrom('param').select('paramKey').where('paramKey', '=', 'import.one').execute()).toEqual([]);
  });

  it('imports a good file: the count said, the dialog closed, the list showing the new rows', async () => {
    await saveParams(bridge);
    const modal = await openImport();
    await pick(await fileOf([{ 排序号: 5, Key: 'import.one', 值: 'one' }, { 排序号: 6, Key: 'import.two', 值: 'two' }]));
    await within(modal).findByText(/共 2 行，2 行有效，0 个问题/, {}, slow);
    const commit = within(modal).getByRole('button', { name: /导入 2 行/ });
    await waitFor(() => expect(commit).toBeEnabled(), slow);
    await userEvent.setup({ pointerEventsCheck: 0 }).click(commit);
    await screen.findByText('已导入 2 条记录', {}, slow);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), slow);
    await screen.findByText('import.two', {}, slow);
    expect(imports().at(-1)?.query).toEqual({});
  });

  it('says when and by whom a file was imported before, and offers no second import', async () => {
    await saveParams(bridge);
    const bytes = await bytesOf([{ 排序号: 5, Key: 'import.one', 值: 'one' }]);
    const first = await bridge.app.inject({ method: 'POST', url: '/base/admin/param/import', headers: { [TOKEN_HEADER]: bridge.token, 'content-type': XLSX_TYPE }, payload: bytes });
    expect(first.json()).toMatchObject({ code: 0, data: { imported: 1 } });
    const modal = await openImport();
    await pick(new File([new Uint8Array(bytes)], 'params.xlsx', { type: XLSX_TYPE }));
    await within(modal).findByText(/此文件已于 .+ 由 .+ 导入，不会重复写入/, {}, slow);
    expect(within(modal).getByRole('button', { name: /导入 \d+ 行/ })).toBeDisabled();
  });

  it('refuses a file over the size bound before sending it', async () => {
    const modal = await openImport();
    await pick(new File([new Uint8Array(IMPORT_LIMITS.bytes + 1)], 'big.xlsx', { type: XLSX_TYPE }));
    expect(await within(modal).findByRole('alert', {}, slow)).toHaveTextContent('文件不能超过 5 MB');
    expect(imports()).toEqual([]);
  });

  it('shows a refusal of the server in the dialog with its message, the labels following the language', async () => {
    const modal = await openImport();
    await pick(new File([new TextEncoder().encode('not a spreadsheet')], 'notes.xlsx', { type: XLSX_TYPE }));
    expect(await within(modal).findByRole('alert', {}, slow)).toHaveTextContent('无法读取文件，请使用下载的模板（.xlsx）');
    expect(within(modal).getByRole('button', { name: /导入 0 行/ })).toBeDisabled();
    act(() => setLocale('en-US'));
    expect(within(modal).getByRole('button', { name: /Import 0 row\(s\)/ })).toBeDisabled();
    expect(within(modal).getByText('Download template')).toBeInTheDocument();
  });
});
