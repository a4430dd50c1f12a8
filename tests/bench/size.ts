/**
 * Gzipped JavaScript each screen needs, read from the Vite manifest of `npm run build`.
 * A screen needs the entry chunk, the chunks of its modules, and everything they import
 * statically. `--check` exits non-zero when a budget of DESIGN.md is exceeded.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

// SIZE_DIST measures another build folder (e.g. `vite build --outDir /tmp/x`) without touching dist/.
const DIST = process.env.SIZE_DIST ?? 'dist';
const KB = 1024;

// The page registry (with the screens' addresses) loads with the shell (app/main.tsx hands the loader to it).
const AUTHENTICATED = ['src/layout/Shell.tsx', 'resources/pages.ts', 'resources/registry.ts'];

/** Modules that make up each screen, by source path. */
const screens: Array<{ name: string; modules: string[]; budgetKb: number }> = [
  { name: 'login page', modules: ['src/pages/Login.tsx'], budgetKb: 250 },
  // After the auth check the shell, the page registry and the landing page load together.
  { name: 'first authenticated screen (home)', modules: [...AUTHENTICATED, 'src/pages/Home.tsx'], budgetKb: 400 },
  // Any screen opened directly: 500 KB (a list may spend its room on antd's Table and Form).
  { name: 'declarative list (parameters, dictionaries…), opened directly', modules: [...AUTHENTICATED, 'resources/generic/ResourceListPage.tsx'], budgetKb: 500 },
  { name: 'person list, opened directly', modules: [...AUTHENTICATED, 'resources/user/UserPage.tsx'], budgetKb: 500 },
  { name: 'organisation directory, opened directly', modules: [...AUTHENTICATED, 'resources/office/OfficeMemberPage.tsx'], budgetKb: 500 },
  // The dashboard's totals, selectors and team tables, shown before its chart chunk arrives.
  { name: 'dashboard, opened directly (before the chart)', modules: [...AUTHENTICATED, 'resources/statistics/DashboardPage.tsx'], budgetKb: 500 },
  // @ant-design/charts registers all of G2 by name and cannot be tree-shaken: the exception the README explains.
  { name: 'dashboard with its chart chunk', modules: [...AUTHENTICATED, 'resources/statistics/DashboardPage.tsx', 'resources/statistics/TrafficChart.tsx'], budgetKb: 850 },
  { name: 'business staff summary, opened directly', modules: [...AUTHENTICATED, 'resources/statistics/StaffSummaryPage.tsx'], budgetKb: 500 },
];

export interface ScreenSize {
  screen: string;
  'gzip KB': number;
  'budget KB': number;
  chunks: number;
  verdict: 'ok' | 'OVER';
}

/** The gzipped JavaScript of each screen, from the manifest of the last build. */
export function screenSizes(): ScreenSize[] {
  const manifestPath = join(DIST, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`No ${manifestPath}: run \`npm run build\` first.`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The manifest has no entry chunk');

  const gzipCache = new Map<string, number>();
  const gzipBytes = (file: string): number => {
    let size = gzipCache.get(file);
    if (size === undefined) gzipCache.set(file, (size = gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length));
    return size;
  };
  /** The chunk and everything it imports statically. */
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    if (into.has(key)) return into;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Module ${key} is not in the manifest (renamed? update tests/bench/size.ts)`);
    into.add(key);
    for (const dep of chunk.imports ?? []) closure(dep, into);
    return into;
  };

  return screens.map(({ name, modules, budgetKb }) => {
    const keys = new Set<string>();
    closure(entryKey, keys);
    for (const module of modules) closure(module, keys);
    const files = [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
    const bytes = files.reduce((sum, file) => sum + gzipBytes(file), 0);
    return { screen: name, 'gzip KB': +(bytes / KB).toFixed(1), 'budget KB': budgetKb, chunks: files.length, verdict: bytes > budgetKb * KB ? 'OVER' : 'ok' };
  });
}

// `npm run size [-- --check]`: the table alone; --check fails when a screen is over its budget.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const rows = screenSizes();
    console.table(rows);
    if (process.argv.includes('--check') && rows.some((row) => row.verdict === 'OVER')) {
      console.error('A screen is over its JavaScript budget.');
      process.exit(1);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
}
