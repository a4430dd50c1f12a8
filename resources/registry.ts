/**
 * Every declarative resource. Adding a plain CRUD resource is one definition file and one line
 * here: the server serves its calls and table, the seed adds its menu and buttons, and the
 * console builds its screens.
 */
import type { ResourceDefinition } from './define';
import { appResource } from './app/definition';
import { paramResource } from './param/definition';
import { roleResource } from './role/definition';

export const resourceDefinitions: readonly ResourceDefinition[] = [appResource, paramResource, roleResource];

export function findResource(name: string): ResourceDefinition | undefined {
  return resourceDefinitions.find((d) => d.name === name);
}
