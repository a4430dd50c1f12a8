/**
 * Rules a resource adds to the generic CRUD, keyed by resource name. Kept to what protects the
 * data's integrity and the callers' rights; everything else is declarative.
 */
import type { ResourceDefinition } from '../resources/define';
import { appPolicy } from './apps/appPolicy';
import type { ResourcePolicy } from './crud/policy';
import { dicPolicy } from './dic/dicPolicy';
import { rolePolicy } from './roles/rolePolicy';

/** The policies of the declared resources `definitions` (some rules read the other resources' fields). */
export function resourcePoliciesOf(definitions: readonly ResourceDefinition[]): Readonly<Record<string, ResourcePolicy>> {
  return {
    app: appPolicy,
    role: rolePolicy,
    dic: dicPolicy(definitions),
  };
}

