/**
 * The sidebar's open/collapsed state, kept in the `sidebarStatus` cookie ('1' open, '0' collapsed)
 * as the platform's other consoles do, so it survives reloads.
 */
export const SIDEBAR_COOKIE = 'sidebarStatus';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Reads a cookie value from a `document.cookie` string. */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Whether the sidebar was left collapsed (open by default). */
export function readSiderCollapsed(doc: Pick<Document, 'cookie'> = document): boolean {
  return readCookie(doc.cookie, SIDEBAR_COOKIE) === '0';
}

export function saveSiderCollapsed(collapsed: boolean, doc: Pick<Document, 'cookie'> = document): void {
  doc.cookie = `${SIDEBAR_COOKIE}=${collapsed ? '0' : '1'}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}
