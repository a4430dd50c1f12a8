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

/** What a screen may keep. Issue 24's theme will be one more kind, of the console-wide screen. */
export const PREFERENCE_KINDS = ['columns', 'views'] as const;
export type PreferenceKind = (typeof PREFERENCE_KINDS)[number];

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

/** What GET /preference/list answers: the kinds the user keeps for the screen. */
export interface ScreenPreferences {
  columns?: ColumnSetting;
  views?: ViewsSetting;
}

export function isPreferenceKind(value: unknown): value is PreferenceKind {
  return typeof value === 'string' && (PREFERENCE_KINDS as readonly string[]).includes(value);
}
