/**
 * How the console names a declared resource's calls and page elements; the data and access-control
 * providers and the definitions read the same two rules.
 */
import { API_PREFIX } from './session';

/** A resource's calls' base path: `/base/admin/<name>` unless the definition names its own. */
export function endpointOf(definition: { name: string; endpoint?: string }): string {
  return definition.endpoint ?? `${API_PREFIX}/${definition.name}`;
}

/** Page-element code of an action: `<resource>:<action>`. */
export function actionCode(resource: string, action: string): string {
  return `${resource}:${action}`;
}
