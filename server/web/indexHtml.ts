/** The console's index.html with the runtime configuration the server hands to the browser. */

export const CONSOLE_CONFIG_MARKER = '<!--console-config-->';

export interface ConsoleRuntimeConfig {
  workbenchUrl: string;
}

/** JSON that is safe inside an inline <script> (no `</script>`, no HTML comment openers). */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Replaces the marker with the config script (or puts it before </head> when the marker is missing). */
export function injectConsoleConfig(html: string, config: ConsoleRuntimeConfig): string {
  const script = `<script>window.__CONSOLE_CONFIG__=${scriptSafeJson(config)}</script>`;
  if (html.includes(CONSOLE_CONFIG_MARKER)) return html.replace(CONSOLE_CONFIG_MARKER, () => script);
  if (html.includes('</head>')) return html.replace('</head>', () => `${script}</head>`);
  return script + html;
}
