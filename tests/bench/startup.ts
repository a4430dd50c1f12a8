/**
 * Start-up to /healthz as `npm start` starts the server: on an empty database (migrations and the
 * demo seed, the default) and again on the same database once seeded. Best of three each.
 */
import type { DialectName } from '../../server/db/database';
import { benchDatabase } from './benchDatabase';
import type { Report } from './report';
import { startServer } from './serverProcess';

const ROUNDS = 3;

async function once(url: string): Promise<number> {
  const server = await startServer({ databaseUrl: url, env: { SEED: 'demo' } });
  await server.stop();
  return server.startupMs;
}

export async function startupBench(report: Report, dialect: DialectName): Promise<void> {
  const empty: number[] = [];
  const seeded: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const database = await benchDatabase(dialect, 'startup');
    try {
      empty.push(await once(database.url));
      seeded.push(await once(database.url));
    } finally {
      await database.dispose();
    }
  }
  report.set('start-up to /healthz', 'empty database (migrations, demo seed)', dialect, { ms: Math.min(...empty) });
  report.set('start-up to /healthz', 'seeded database', dialect, { ms: Math.min(...seeded) });
}
