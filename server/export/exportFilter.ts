/**
 * An export's filter as its audit row records it: the list parameters it read (`names`; any other
 * parameter is not part of the filter), as text without control characters, each at most
 * MAX_RECORDED characters, and every value that may be personal data masked (the audit log masks
 * what the screens mask).
 */
import { textParam } from '../http/params';

const MASKED = '******';
/** The longest value recorded (a list's filters are bounded below this anyway). */
const MAX_RECORDED = 200;

export function exportFilter(params: Readonly<Record<string, unknown>>, names: Iterable<string>, personal: ReadonlySet<string>): Record<string, string> {
  const recorded: Record<string, string> = {};
  for (const name of new Set(names)) {
    const raw = params[name];
    // An array's scalar elements only: an object element is no filter (and String() of one may throw).
    const value = textParam(Array.isArray(raw) ? raw.map((element) => textParam(element)).filter((element) => element !== undefined).join(',') : raw);
    if (value !== undefined) recorded[name] = personal.has(name) ? MASKED : [...value].slice(0, MAX_RECORDED).join('');
  }
  return recorded;
}
