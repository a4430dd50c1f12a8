/**
 * The addresses of the console's own screens as the seed gives them: declared resources name theirs
 * in their definition (`menu.path`); the bespoke screens' are listed here, in the seed's order
 * (server/db/screenCatalogue.ts; tests/unit/shell/pageAddresses.test.ts keeps the two equal).
 * An address among them that the caller's menu tree does not route is a page they may not open
 * ("no permission"); any other unknown address is 404. Loaded with the page registry.
 */
import { resourceDefinitions } from './registry';

export const BESPOKE_ADDRESSES: readonly string[] = [
  '/home',
  '/system/permission',
  '/organisation/user',
  '/organisation/officeMember',
  '/organisation/office',
  '/business/dashboard',
  '/business/staffSummary',
  '/business/mediaStats',
  '/tools/template',
  '/examples/treeFilter',
  '/system/effective',
  '/examples/nested/menu1/menu1-1',
  '/examples/nested/menu1/menu1-2',
  '/examples/nested/menu2',
];

export const pageAddresses: ReadonlySet<string> = new Set([
  ...resourceDefinitions.flatMap((definition) => (definition.menu ? [definition.menu.path] : [])),
  ...BESPOKE_ADDRESSES,
]);
