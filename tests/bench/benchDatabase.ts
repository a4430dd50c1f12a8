/**
 * A throwaway database for one benchmark: a SQLite file in a temporary folder, or (dialect
 * postgres) a new database on the server of BENCH_PG_URL (default the local test server),
 * dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { DialectName } from '../../server/db/database';

export const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  url: string;
  dispose(): Promise<void>;
}

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

export async function benchDatabase(dialect: DialectName, label: string): Promise<BenchDatabase> {
  if (dialect === 'postgres') {
    const name = `bench_${label}_${randomBytes(4).toString('hex')}`;
    await onServer(`create database ${name}`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    return { url: url.toString(), dispose: () => onServer(`drop database if exists ${name} with (force)`) };
  }
  const dir = mkdtempSync(join(tmpdir(), `bench-${label}-`));
  return { url: join(dir, 'bench.db'), dispose: async () => rmSync(dir, { recursive: true, force: true }) };
}
