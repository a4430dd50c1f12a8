import type { PageCatalogue } from './pageProps';

/** Loads the page registry; the entry hands it to App (app/main.tsx: a lazy chunk of resources/pages.ts). */
export type PageLoader = () => Promise<PageCatalogue>;

/**
 * The page registry pulls in the resource definitions and their rules, which the login page never
 * needs: it is loaded once, in parallel with the menu call, and again after a failed load.
 */
export function loadOnce(load: PageLoader): PageLoader {
  let pending: Promise<PageCatalogue> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}
