/**
 * The server as server/main.ts starts it, then without its audit triggers: what a write costs
 * without its audit row (tests/bench/logs.ts). SQLite's are TEMP triggers of this connection;
 * PostgreSQL's are dropped from the (throwaway) bench database. Started only by the benchmark.
 */
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { prepareDatabase } from '../../server/db/prepare';
import { createLogger } from '../../server/logger';

const config = loadConfig(process.env);
const logger = createLogger();
const database = openDatabase(config.databaseUrl);
await prepareDatabase(database, { demo: false, adminPassword: config.adminPassword }, { logger });
const raw = database.db.withoutPlugins() as unknown as Kysely<unknown>;
if (database.dialect === 'sqlite') {
  const { rows } = await sql<{ name: string }>`select name from sqlite_temp_master where type = 'trigger'`.execute(raw);
  for (const { name } of rows) await sql.raw(`drop trigger temp."${name}"`).execute(raw);
} else {
  const { rows } = await sql<{ table: string }>`select c.relname as "table" from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname = 'audit_row' and pg_table_is_visible(c.oid)`.execute(raw);
  for (const { table } of rows) await sql.raw(`drop trigger audit_row on "${table}"`).execute(raw);
}
const app = await buildApp({ db: database.db, config, logger });
process.once('SIGTERM', () => void app.close().then(() => database.close()).then(() => process.exit(0)));
await app.listen({ port: config.port, host: config.host });
