/**
 * Which lists keep preferences, and the call that opens each: a screen of the base app's
 * catalogue whose list button needs a call (its first), and every declared resource's list by its
 * name (a detail list shows on its master's screen). A user may keep settings for a list only
 * while the guard would let them make that call.
 */
import { CONSOLE_SCREEN } from '../../contract/preferences';
import { crudActions, type ResourceDefinition } from '../../resources/define';
import { baseScreens } from '../db/screenCatalogue';

export interface PreferenceScreen {
  /** The API element path (below /base/admin, or a whole path elsewhere) that opens the screen. */
  listApi: string;
  /** Fields a saved view may not keep: whole-value lookups of personal data (`privacy.lookup`). */
  lookupFields: ReadonlySet<string>;
}

export function preferenceScreens(definitions: readonly ResourceDefinition[]): ReadonlyMap<string, PreferenceScreen> {
  const screens = new Map<string, PreferenceScreen>();
  for (const screen of baseScreens(definitions)) {
    const listApi = screen.buttons.find((button) => button.action === 'list')?.apis[0];
    if (!listApi) continue;
    const definition = definitions.find((d) => d.name === screen.component);
    screens.set(screen.component, { listApi, lookupFields: new Set(definition?.privacy?.lookup ?? []) });
  }
  for (const definition of definitions) {
    const listApi = crudActions(definition).find((action) => action.action === 'list')?.apis[0];
    if (listApi && !screens.has(definition.name)) screens.set(definition.name, { listApi, lookupFields: new Set(definition.privacy?.lookup ?? []) });
  }
  // The console-wide screen's name is reserved: a list of that name would share its settings.
  if (screens.has(CONSOLE_SCREEN)) throw new Error(`A screen may not be named '${CONSOLE_SCREEN}': the console-wide settings use that name`);
  return screens;
}
