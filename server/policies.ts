/**
 * Rules a resource adds to the generic CRUD, keyed by resource name: each a feature
 * (server/crud/feature.ts), run after those its definition's keys bring (server/crud/features).
 * Kept to what protects the data's integrity and the callers' rights; everything else is declarative.
 */
import type { ResourceDefinition } from '../resources/define';
import { appPolicy } from './apps/appPolicy';
import type { CrudFeature } from './crud/feature';
import { dicPolicy } from './dic/dicPolicy';
import { rolePolicy } from './roles/rolePolicy';

/** The policies of the declared resources `definitions` (some rules read the other resources' fields). */
export function resourcePoliciesOf(definitions: readonly ResourceDefinition[]): Readonly<Record<string, CrudFeature>> {
  return {
    app: appPolicy,
    role: rolePolicy,
    dic: dicPolicy(definitions),
  };
}

