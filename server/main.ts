/**
 * Starts the server: reads the configuration, prepares the database, builds the app and listens.
 * Serves the built console from dist/ when present. Closes cleanly on SIGINT/SIGTERM.
 */
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { isPostgresUrl, openDatabase, openReadDatabase } from './db/database';
import { prepareDatabase } from './db/prepare';
import { createLogger } from './logger';
import { defaultClock } from './statistics/clock';

const CONSOLE_DIR = fileURLToPath(new URL('../dist', import.meta.url));

function readConfig(): AppConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger();
  const database = openDatabase(config.databaseUrl, { onPoolError: (error) => logger.error({ err: error }, 'database pool error') });
  logger.info({ dialect: database.dialect, database: isPostgresUrl(config.databaseUrl) ? '(postgres)' : config.databaseUrl }, 'database opened');

  const retention = { auditRetentionDays: config.auditRetentionDays, trafficHourRetentionDays: config.trafficHourRetentionDays, timeZone: defaultClock().timeZone };
  const seeded = await prepareDatabase(database, { demo: config.seed === 'demo', adminPassword: config.adminPassword }, { logger, retention });
  if (seeded.seeded) logger.info({ demo: config.seed === 'demo' }, 'database seeded');
  if (seeded.generatedAdminPassword) process.stdout.write(`Generated admin password: ${seeded.generatedAdminPassword}\n`);

  // The replica is connected to lazily: the server starts, and decides access, with it down.
  const replica = config.databaseReadUrl
    ? openReadDatabase(config.databaseReadUrl, config.databaseUrl, {
        onPoolError: (error) => logger.error({ err: error }, 'read replica pool error'),
        onReplicaDown: (error) => logger.warn({ err: error }, 'read replica unreachable: its reads go to the primary for a while'),
      })
    : undefined;
  if (replica) logger.info('heavy reads go to the read replica (DATABASE_READ_URL)');

  const app = await buildApp({ db: database.db, readDb: replica?.db, config, logger, consoleDir: CONSOLE_DIR });
  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    logger.info({ signal }, 'shutting down');
    try {
      await app.close();
      await replica?.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
