/**
 * The addresses of the console's own screens as the seed gives them: declared resources name theirs
 * in their definition (`menu.path`), the home page and the bespoke screens in their declarations
 * (./bespokeScreens.ts), which the seed reads too. An address among them that the caller's menu
 * tree does not route is a page they may not open ("no permission"); any other unknown address is
 * 404. Loaded with the page registry.
 */
import { BESPOKE_SCREENS, HOME } from './bespokeScreens';
import { resourceDefinitions } from './registry';

export const BESPOKE_ADDRESSES: readonly string[] = [HOME.path, ...BESPOKE_SCREENS.map((screen) => screen.path)];

export const pageAddresses: ReadonlySet<string> = new Set([
  ...resourceDefinitions.flatMap((definition) => (definition.menu ? [definition.menu.path] : [])),
  ...BESPOKE_ADDRESSES,
]);
