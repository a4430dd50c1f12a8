/**
 * A signed-in user's own preferences, kept on the server per screen and kind so they follow the
 * user to another browser: a list's column settings and its saved views (filters + sort +
 * columns). The calls (below /base/admin) and the shape and bounds of each kind live here, read by
 * the server's check and the console alike. Plain types here (the console's lists never load
 * zod); their schemas, which the server checks, are in ./preferenceSchemas.ts.
 */
export const PREFERENCE_PATHS = {
  /** GET ?screen= → every kind stored for that screen: `{ columns?, views? }`. */
  list: '/preference/list',
  /** POST { screen, kind, value }: replaces that kind's value. */
  save: '/preference/save',
  /** POST { screen, kind }: forgets it (back to the definition's default). */
  delete: '/preference/delete',
} as const;

/** What a screen may keep: a list keeps its columns and views, the console-wide screen its theme. */
export const PREFERENCE_KINDS = ['columns', 'views', 'theme'] as const;
export type PreferenceKind = (typeof PREFERENCE_KINDS)[number];

/**
 * The console-wide screen: settings of the whole console rather than of one list. Every signed-in
 * user may keep them (no list grant); no list screen may take this name.
 */
export const CONSOLE_SCREEN = 'console';
export const CONSOLE_KINDS: readonly PreferenceKind[] = ['theme'];
export const LIST_KINDS: readonly PreferenceKind[] = ['columns', 'views'];

/** The kinds a screen may keep. */
export const kindsOf = (screen: string): readonly PreferenceKind[] => (screen === CONSOLE_SCREEN ? CONSOLE_KINDS : LIST_KINDS);

export const PREFERENCE_LIMITS = {
  /** Columns named in one setting (a list has far fewer; a longer one is not a real setting). */
  columns: 64,
  /** Saved views per user and screen. */
  views: 20,
  viewName: 30,
  /** A column's, a filter's or a screen's name. */
  key: 64,
  /** Filters one view keeps, and the values one filter holds (a multi-select, a range). */
  filters: 32,
  filterValues: 50,
  filterText: 200,
  /** The stored JSON of one kind, in characters. */
  storedLength: 32 * 1024,
} as const;

/** Every column in the user's order, each shown or hidden; a key at most once. */
export interface ColumnEntry {
  key: string;
  hidden: boolean;
}
export interface ColumnSetting {
  columns: ColumnEntry[];
}

/** A search form's value: text, a number, a choice, several choices or a range's two bounds (epoch ms). */
export type FilterScalar = string | number | boolean | null;
export type FilterValue = FilterScalar | FilterScalar[];

export interface SortSetting {
  field: string;
  order: 'asc' | 'desc';
}

export interface SavedView {
  name: string;
  filters: Record<string, FilterValue>;
  sort: SortSetting | null;
  columns: ColumnEntry[] | null;
}

/** The saved views of a screen, in the order the user sees them; names are unique. */
export interface ViewsSetting {
  views: SavedView[];
}

/** Follow the system (prefers-color-scheme), or always light, or always dark. */
export const THEME_MODES = ['system', 'light', 'dark'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

/** The console's look: light or dark (or the system's), and antd's compact density or not. */
export interface ThemeSetting {
  mode: ThemeMode;
  compact: boolean;
}

/** Until the user chooses: the system's light or dark, default density. */
export const DEFAULT_THEME: ThemeSetting = { mode: 'system', compact: false };

/** A plain check of a theme (the login page and the first paint read one without zod). */
export function isThemeSetting(value: unknown): value is ThemeSetting {
  if (typeof value !== 'object' || value === null) return false;
  const { mode, compact, ...rest } = value as Record<string, unknown>;
  return (THEME_MODES as readonly unknown[]).includes(mode) && typeof compact === 'boolean' && Object.keys(rest).length === 0;
}

/** What GET /preference/list answers: the kinds the user keeps for the screen. */
export interface ScreenPreferences {
  columns?: ColumnSetting;
  views?: ViewsSetting;
  theme?: ThemeSetting;
}

export function isPreferenceKind(value: unknown): value is PreferenceKind {
  return typeof value === 'string' && (PREFERENCE_KINDS as readonly string[]).includes(value);
}
