/**
 * Where a workbench card leads. A sub-system of this site (a path) or on a trusted origin (the
 * console's own, or one of WORKBENCH_TRUSTED_ORIGINS) gets a one-time code bound to it; any other
 * address gets the address as it is, carrying nothing that works here. An address that is not an
 * http(s) URL or a path of this site is never linked to.
 */
import { HANDOFF_PARAM, isWebAddress } from '../../contract';

export type HandoffTarget = { kind: 'trusted'; withCode(code: string, appId: number): string } | { kind: 'foreign'; url: string } | { kind: 'invalid' };

/** Resolves paths only; never leaves the URL. */
const SAME_SITE = 'http://same-site.invalid';

/** `consoleOrigin`: the console's origin as the request shows it, when it can be told. */
export function handoffTarget(address: string, consoleOrigin: string | undefined, trustedOrigins: readonly string[]): HandoffTarget {
  if (!isWebAddress(address)) return { kind: 'invalid' };
  const isPath = address.startsWith('/');
  const url = new URL(address, SAME_SITE);
  if (!isPath && url.origin !== consoleOrigin && !trustedOrigins.includes(url.origin)) return { kind: 'foreign', url: address };
  return {
    kind: 'trusted',
    withCode(code, appId) {
      url.searchParams.set(HANDOFF_PARAM, code);
      url.searchParams.set('appId', String(appId));
      // A path stays a path: the browser resolves it against the page it is on, this site.
      return isPath ? `${url.pathname}${url.search}${url.hash}` : url.href;
    },
  };
}
