/**
 * Which screens keep preferences, and the call that opens each: a screen of the base app's
 * catalogue whose list button needs a call (its first). A user may keep settings for a screen
 * only while the guard would let them make that call.
 */
import type { ResourceDefinition } from '../../resources/define';
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
  return screens;
}
