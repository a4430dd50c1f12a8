import type { PageCatalogue } from './pageProps';

let pending: Promise<PageCatalogue> | undefined;

/**
 * The page registry (resources/pages.ts) is a lazy chunk: it pulls in the resource definitions and
 * their rules, which the login page never needs; the seeded menu titles and the screens' addresses
 * come with it. Loaded once, in parallel with the menu call.
 */
export function loadPageRegistry(): Promise<PageCatalogue> {
  pending ??= Promise.all([import('../../resources/pages'), import('./pageAddresses')]).then(
    ([module, addresses]) => ({ pages: module.pages, titles: module.titles, addresses: addresses.pageAddresses }),
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}
