/**
 * Settings the server injects into index.html before the bundle runs:
 *   <script>window.__CONSOLE_CONFIG__ = { "workbenchUrl": "https://workbench.example/login" }</script>
 * Without it (vite dev server, tests) the console's own /login is the workbench.
 */
export interface ConsoleConfig {
  /** Where a missing or ended session sends the browser (server setting WORKBENCH_URL). */
  workbenchUrl: string;
}

declare global {
  interface Window {
    __CONSOLE_CONFIG__?: Partial<ConsoleConfig>;
  }
}

export const consoleConfig: ConsoleConfig = {
  workbenchUrl: (typeof window !== 'undefined' && window.__CONSOLE_CONFIG__?.workbenchUrl) || '/login',
};
