/**
 * The console's Content-Security-Policy, sent with every page and asset. The token lives in
 * localStorage, so script injection is what it must stop: scripts come only from the site itself
 * plus, by their SHA-256, the inline scripts of index.html as served (the runtime config the
 * server injects at start); no 'unsafe-inline', no 'unsafe-eval'.
 *
 * Styles need 'unsafe-inline': antd's CSS-in-JS writes <style> elements whose rules it computes in
 * the browser (theme tokens, per component, on first render), and its components set inline
 * `style` attributes (popup positions, motion). Neither can be hashed ahead; a nonce would have to
 * reach every helper library that injects styles, and not all of them take one. Styles cannot run
 * script, and a hash in style-src would switch 'unsafe-inline' off, so there is none.
 */
import { createHash } from 'node:crypto';

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

const hashOf = (source: string) => `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;

export function consoleCsp(indexHtml: string): string {
  const inlineScripts = [...indexHtml.matchAll(INLINE_SCRIPT)].map((match) => hashOf(match[1]!));
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScripts.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
