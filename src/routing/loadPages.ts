import type { PageRegistry } from './pageProps';

let pending: Promise<PageRegistry> | undefined;

/**
 * The page registry (resources/pages.ts) is a lazy chunk: it pulls in the resource definitions and
 * their rules, which the login page never needs. Loaded once, in parallel with the menu call.
 */
export function loadPageRegistry(): Promise<PageRegistry> {
  pending ??= import('../../resources/pages').then(
    (module) => module.pages,
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}
