/**
 * The server as server/main.ts starts it, without its guard: every request is the admin, no token
 * read, no permission checked. Started only by the benchmark, to measure what the guard costs on
 * the same query (tests/bench/staffList.ts).
 */
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { prepareDatabase } from '../../server/db/prepare';
import { createLogger } from '../../server/logger';

const config = loadConfig(process.env);
const logger = createLogger();
const database = openDatabase(config.databaseUrl);
await prepareDatabase(database, { demo: false, adminPassword: config.adminPassword }, { logger });
const admin = await database.db.selectFrom('user').select(['id', 'name', 'code']).where('code', '=', 'admin').executeTakeFirstOrThrow();
const app = await buildApp({
  db: database.db,
  config,
  logger,
  withoutGuardAs: { userId: admin.id, name: admin.name, code: admin.code, sessionId: 0, mustChangePassword: false, grantsVersion: 0 },
});
process.once('SIGTERM', () => void app.close().then(() => database.close()).then(() => process.exit(0)));
await app.listen({ port: config.port, host: config.host });
