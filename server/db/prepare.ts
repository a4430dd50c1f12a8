/**
 * Everything a database needs before the app serves it: migrations, resource tables, the seed of
 * an empty database, then the reconciliation of the declared resources into the base app's menu
 * tree (a resource added to the registry after the seed gets its menu, buttons and API elements).
 */
import type { ResourceDefinition } from '../../resources/define';
import { resourceDefinitions } from '../../resources/registry';
import { createLogger } from '../logger';
import type { DatabaseHandle } from './database';
import { migrateToLatest } from './migrations';
import { reconcileResourceMenus, type ReconcileLogger, type ReconcileResult } from './reconcileResources';
import { syncResourceTables } from './resourceTables';
import { seedDatabase, type SeedOptions, type SeedResult } from './seed';

export interface PrepareOptions {
  /** The declared resources (default: the registry); tests pass their own. */
  definitions?: readonly ResourceDefinition[];
  /** Where reconciliation reports the nodes it adds (default: a logger like the server's, on stdout). */
  logger?: ReconcileLogger;
}

export type PrepareResult = SeedResult & { reconciled: ReconcileResult };

export async function prepareDatabase(handle: DatabaseHandle, seed: SeedOptions, options: PrepareOptions = {}): Promise<PrepareResult> {
  const definitions = options.definitions ?? resourceDefinitions;
  await migrateToLatest(handle);
  await syncResourceTables(handle, definitions);
  const seeded = await seedDatabase(handle.db, seed, definitions);
  const reconciled = await reconcileResourceMenus(handle, { definitions, logger: options.logger ?? lazyDefaultLogger() });
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
