/**
 * Where a link may lead: an http(s) URL, or a path of the same site. Sub-system addresses are
 * checked with it on save (both the form and the server) and again before the workbench links
 * to one; `javascript:`, `data:` and every other scheme are refused.
 */

/** Whitespace or control characters: browsers drop some inside URLs ("/\t/host" becomes "//host"). */
function hasInvisible(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f) return true;
  }
  return false;
}

const PROBE_ORIGIN = 'http://same-site.invalid';

export function isWebAddress(value: string): boolean {
  if (value === '' || hasInvisible(value)) return false;
  try {
    if (value.startsWith('/')) return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN && !value.startsWith('//') && !value.startsWith('/\\');
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && /^https?:\/\//i.test(value);
  } catch {
    return false;
  }
}
