/**
 * The migrations, in order. Append-only: never edit or renumber a migration that has shipped;
 * add `000N_<what>.ts` and a line below. Each receives the dialect and branches only on column
 * types (see ../columnTypes).
 */
import { Migrator, type Migration } from 'kysely';
import { currentSchema, type DatabaseHandle, type DialectName } from '../database';
import { coreTables } from './0001_core';
import { staffAndOffice } from './0002_staff_office';
import { staffSearch } from './0003_staff_search';
import { grantsVersion } from './0004_grants_version';
import { securityTables } from './0005_security';
import { dictionaries } from './0006_dictionary';
import { templates } from './0007_template';
import { customers } from './0008_customers';
import { statistics } from './0009_statistics';
import { uaTables } from './0010_ua';
import { auditTables } from './0011_audit';
import { searchGrams } from './0012_search_grams';
import { versionLockOrder } from './0013_version_lock_order';
import { revealLogAccounts } from './0014_reveal_log_accounts';
import { auditAccounts } from './0015_audit_accounts';
import { uaUnpublish } from './0016_ua_unpublish';
import { officeMemberOrder } from './0018_office_member_order';
import { staffVersion } from './0019_staff_version';
import { userPreference } from './0020_user_preference';
import { gramUserIndex } from './0021_gram_user_index';
import { moreVersions } from './0022_more_versions';
import { importBatch } from './0023_import_batch';
import { auditRequestIndex } from './0024_audit_request_index';
import { roleLinkEnd } from './0025_role_link_end';
import { roleDataScope } from './0026_role_data_scope';
import { gramOffice } from './0027_gram_office';
import { logListIndexes } from './0028_log_list_indexes';
import { logPartitions } from './0029_log_partitions';
import { trafficMonth } from './0030_traffic_month';
import { exportElementNames } from './0031_export_element_names';

export function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001_core': coreTables(dialect),
    '0002_staff_office': staffAndOffice(dialect),
    '0003_staff_search': staffSearch(dialect),
    '0004_grants_version': grantsVersion(dialect),
    '0005_security': securityTables(dialect),
    '0006_dictionary': dictionaries(dialect),
    '0007_template': templates(dialect),
    '0008_customers': customers(dialect),
    '0009_statistics': statistics(dialect),
    '0010_ua': uaTables(dialect),
    '0011_audit': auditTables(dialect),
    '0012_search_grams': searchGrams(dialect),
    '0013_version_lock_order': versionLockOrder(dialect),
    '0014_reveal_log_accounts': revealLogAccounts(dialect),
    '0015_audit_accounts': auditAccounts(dialect),
    '0016_ua_unpublish': uaUnpublish(dialect),
    '0018_office_member_order': officeMemberOrder(dialect),
    '0019_staff_version': staffVersion(dialect),
    '0020_user_preference': userPreference(dialect),
    '0021_gram_user_index': gramUserIndex(dialect),
    '0022_more_versions': moreVersions(dialect),
    '0023_import_batch': importBatch(dialect),
    '0024_audit_request_index': auditRequestIndex(),
    '0025_role_link_end': roleLinkEnd(dialect),
    '0026_role_data_scope': roleDataScope(),
    '0027_gram_office': gramOffice(dialect),
    '0028_log_list_indexes': logListIndexes(),
    '0029_log_partitions': logPartitions(dialect),
    '0030_traffic_month': trafficMonth(dialect),
    '0031_export_element_names': exportElementNames(),
  };
}

/** Brings the schema to the latest migration; throws naming the migration that failed. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations(handle.dialect) },
    // PostgreSQL: name the schema, or Kysely may see another schema's migration tables as ours.
    migrationTableSchema: await currentSchema(handle),
    // Kept on, as the simple correct choice: pending migrations always run in name order and none
    // is skipped; the flag only lets a database that ran a later name (a branch numbered ahead,
    // 0010 shipped before 0008) take the earlier one at its next start instead of refusing to start
    // for good. Each migration stands alone, and tests/api/migrationOrder.test.ts keeps the list
    // sorted, one per number and one per file.
    allowUnorderedMigrations: true,
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
