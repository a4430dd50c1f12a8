import type { PageCatalogue } from './pageProps';

let pending: Promise<PageCatalogue> | undefined;

/**
 * The page registry (resources/pages.ts) is a lazy chunk: it pulls in the resource definitions and
 * their rules, which the login page never needs; the seeded menu titles come with it. Loaded once,
 * in parallel with the menu call.
 */
export function loadPageRegistry(): Promise<PageCatalogue> {
  pending ??= import('../../resources/pages').then(
    (module) => ({ pages: module.pages, titles: module.titles }),
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}
