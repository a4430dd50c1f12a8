/** Which request paths are API calls (never answered with the console page). */
import { API_PREFIX } from '../../contract';

/** Prefixes of the platform's calls (DESIGN: application, dashboard, site users, UA, demo) and health. */
const API_PATH_PREFIXES = [API_PREFIX, '/admin/dashboard', '/siteuser', '/v2', '/healthz'];

export function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

function startsWithSegment(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

export function isAdminApiPath(path: string): boolean {
  return startsWithSegment(path, API_PREFIX);
}

export function isApiPath(path: string): boolean {
  return API_PATH_PREFIXES.some((prefix) => startsWithSegment(path, prefix));
}
