/**
 * Everything a database needs before the app serves it: migrations, resource tables, the seed of
 * an empty database, then the reconciliation of the declared resources into the base app's menu
 * tree (a resource added to the registry after the seed gets its menu, buttons and API elements).
 */
import { sql } from 'kysely';
import type { ResourceDefinition } from '../../resources/define';
import { resourceDefinitions } from '../../resources/registry';
import { checkDefinitions } from '../crud/definitionRules';
import { createLogger } from '../logger';
import type { DatabaseHandle } from './database';
import { defaultRetention, keepPartitions, type RetentionSettings } from '../audit/retention';
import { syncAuditTriggers } from '../audit/triggers';
import { migrateToLatest } from './migrations';
import { reconcileResourceMenus, type ReconcileLogger, type ReconcileResult } from './reconcileResources';
import { syncResourceTables } from './resourceTables';
import { catchUpDemo } from './demoParts';
import { seedDatabase, type SeedOptions, type SeedResult } from './seed';

export interface PrepareOptions {
  /** The declared resources (default: the registry); tests pass their own. */
  definitions?: readonly ResourceDefinition[];
  /** Where reconciliation reports the nodes it adds (default: a logger like the server's, on stdout). */
  logger?: ReconcileLogger;
  /** The retention windows the partitions are made for (default: the defaults, the clock's zone). */
  retention?: RetentionSettings;
}

export type PrepareResult = SeedResult & { reconciled: ReconcileResult };

/** The class of PostgreSQL advisory lock that servers starting on one database take turns with. */
const PREPARE_LOCK = 742_001;

export async function prepareDatabase(handle: DatabaseHandle, seed: SeedOptions, options: PrepareOptions = {}): Promise<PrepareResult> {
  if (handle.dialect !== 'postgres') return prepareOnce(handle, seed, options);
  // Servers started together on one PostgreSQL take turns (per schema): the first migrates and
  // seeds, the others find it done. The lock is held on a connection of its own.
  return handle.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${PREPARE_LOCK}, hashtext(current_schema()))`.execute(connection);
    try {
      return await prepareOnce(handle, seed, options);
    } finally {
      await sql`select pg_advisory_unlock(${PREPARE_LOCK}, hashtext(current_schema()))`.execute(connection);
    }
  });
}

async function prepareOnce(handle: DatabaseHandle, seed: SeedOptions, options: PrepareOptions): Promise<PrepareResult> {
  const definitions = options.definitions ?? resourceDefinitions;
  // Before the database is touched: tables are made from the definitions.
  checkDefinitions(definitions);
  await migrateToLatest(handle);
  // PostgreSQL: every month a write may land in has its partition before anything writes.
  // (Also around the statistics' clock when a test fixes it: its demo traffic is written there.)
  const retention = options.retention ?? defaultRetention(seed.clock?.timeZone);
  await keepPartitions(handle.db, retention);
  if (seed.clock) await keepPartitions(handle.db, retention, seed.clock.now());
  await syncResourceTables(handle, definitions);
  await syncAuditTriggers(handle, definitions);
  const seeded = await seedDatabase(handle.db, seed, definitions);
  const logger = options.logger ?? lazyDefaultLogger();
  const reconciled = await reconcileResourceMenus(handle, { definitions, logger });
  if (seed.demo && !seeded.seeded) {
    const added = await catchUpDemo(handle.db, definitions, seed.clock);
    if (added.length) logger.info({ added }, 'demo data completed');
  }
  return { ...seeded, reconciled };
}

/** Created only when there is something to log. */
function lazyDefaultLogger(): ReconcileLogger {
  let logger: ReconcileLogger | undefined;
  const get = () => (logger ??= createLogger());
  return {
    info: (details, message) => get().info(details, message),
    warn: (details, message) => get().warn(details, message),
  };
}
