/**
 * The person list's import from .xlsx, against the real /user/import: the button only for holders
 * of `user:import`, and a good file's new accounts shown in the list once committed.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { XLSX_TYPE } from '../../../contract/exportFile';
import { xlsxOf } from '../../api/importFiles';
import { STAFF_IMPORT_HEADER, staffImportRow } from '../../api/staffImportFixtures';
import { bodyRows, renderUserPage, sent, setUpUserApi, signInWith, slow, user } from './harness';

vi.setConfig({ testTimeout: 60000 });
const people = setUpUserApi();
const importButton = /导\s*入/;

describe('the person list’s import', () => {
  it('is offered only to holders of the import button', async () => {
    await signInWith(people, (code) => code !== 'user:import');
    renderUserPage(people.current);
    await waitFor(() => expect(bodyRows().length).toBeGreaterThan(0), slow);
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: importButton })).not.toBeInTheDocument();
  });

  it('imports a good file and lists the new accounts', async () => {
    renderUserPage(people.current);
    await user().click(await screen.findByRole('button', { name: importButton }, slow));
    const modal = await screen.findByRole('dialog', {}, slow);
    const bytes = await xlsxOf([STAFF_IMPORT_HEADER, staffImportRow(601, '导入一'), staffImportRow(602, '导入二')]);
    await user().upload(modal.querySelector<HTMLInputElement>('input[type=file]')!, new File([new Uint8Array(bytes)], 'staff.xlsx', { type: XLSX_TYPE }));
    await within(modal).findByText(/共 2 行，2 行有效，0 个问题/, {}, { timeout: 20000 });
    const commit = within(modal).getByRole('button', { name: /导入 2 行/ });
    await waitFor(() => expect(commit).toBeEnabled(), slow);
    await user().click(commit);
    await screen.findByText('已导入 2 条记录', {}, { timeout: 20000 });
    await waitFor(() => expect(bodyRows().map((row) => row.join(' ')).join('\n')).toContain('导入二'), { timeout: 20000 });
    expect(sent(people.current, '/user/import').map((request) => request.query)).toEqual([{ dryRun: '1' }, {}]);
  });
});
