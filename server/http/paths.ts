/** Which request paths are API calls (never answered with the console page), and which the guard covers. */
import { apiElementPath, isCallPath } from '../../contract/session';

export { apiElementPath };

export function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** A path the guard covers: anything below one of the platform's call prefixes (contract API_PREFIXES). */
export function isGuardedPath(path: string): boolean {
  return isCallPath(path);
}

/** Calls, and the health check: never files, never the console page. */
export function isApiPath(path: string): boolean {
  return isCallPath(path) || path === '/healthz';
}
