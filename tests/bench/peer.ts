/**
 * The peer: json-server 0.17 (a devDependency) serving the same 100,000 staff rows, asked the same
 * questions in its own words (staffCases.ts), in the same run and load. It holds the rows in memory
 * and filters the whole array for every request.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../server/db/database';
import type { Database } from '../../server/db/schema';
import { STAFF_COLUMNS } from '../../server/staff/listQuery';
import { measure } from './load';
import type { Report } from './report';
import { freePort } from './serverProcess';
import type { StaffCase } from './staffCases';

const JSON_SERVER = createRequire(import.meta.url).resolve('json-server/lib/cli/bin.js');

async function exportUsers(sqliteUrl: string, file: string): Promise<void> {
  const handle = openDatabase(sqliteUrl);
  try {
    const users = await handle.db.selectFrom('user').select(STAFF_COLUMNS.map((column) => column as keyof Database['user'])).orderBy('id').execute();
    writeFileSync(file, JSON.stringify({ users }));
  } finally {
    await handle.close();
  }
}

export async function peerStaffList(report: Report, sqliteUrl: string, cases: StaffCase[]): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-peer-'));
  const file = join(dir, 'db.json');
  await exportUsers(sqliteUrl, file);
  const port = await freePort();
  const peer = spawn(process.execPath, [JSON_SERVER, file, '--port', String(port), '--host', '127.0.0.1', '--read-only', '--quiet'], { stdio: 'ignore' });
  const address = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; i < 600; i++) {
      if ((await fetch(`${address}/users?id=1`).catch(() => undefined))?.ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const staffCase of cases) {
      if (!staffCase.peer) continue;
      const figures = await measure(address, { paths: staffCase.params.map(staffCase.peer), isSuccess: Array.isArray });
      const ours = report.rows.find((row) => row.what === staffCase.label && row.sqlite)?.sqlite?.['req/s'];
      report.add({ section: 'peer: json-server 0.17, same rows and questions', what: staffCase.label, value: { ...figures, ...(ours ? { 'ours/peer': ours / figures['req/s'] } : {}) } });
      console.log(`peer ${staffCase.label}: ${figures['req/s']} req/s`);
    }
  } finally {
    peer.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}
