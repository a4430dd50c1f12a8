/**
 * An export's filter as its audit row records it: the list parameters asked, without the export's
 * own (columns, time zone) and paging, and with every value that may be personal data masked (the
 * audit log masks what the screens mask).
 */
import { EXPORT_COLUMNS_PARAM } from '../../contract/exportFile';

const NOT_FILTERS = new Set([EXPORT_COLUMNS_PARAM, 'tzOffset', 'pageNo', 'pageSize', 'page', 'size', 'limit', 'token']);
const MASKED = '******';

export function exportFilter(params: Readonly<Record<string, unknown>>, personal: ReadonlySet<string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params)
      .filter(([name, value]) => !NOT_FILTERS.has(name) && value !== undefined && value !== null && value !== '')
      .map(([name, value]) => [name, personal.has(name) ? MASKED : value]),
  );
}
