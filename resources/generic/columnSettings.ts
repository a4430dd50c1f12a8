/**
 * A list's column setting (contract/preferences.ts) against the columns the list shows this
 * caller: pure, so the list and the person list only wire it. The caller's list decides what may
 * appear; a stored setting only orders and hides within it, so a column the caller may not see
 * (one their grants leave out, or one a changed definition no longer has) never comes back
 * through a setting stored earlier or elsewhere.
 */
import type { ColumnEntry, FilterValue, SavedView, SortSetting } from '../../contract/preferences';

/**
 * The caller's columns in the stored order, hidden where stored: stored keys the caller's list
 * lacks are dropped; a column the setting does not name (new in the definition, or newly
 * granted) is shown, after the others, in the definition's order.
 */
export function mergeColumns(allowed: readonly string[], stored: readonly ColumnEntry[] | null | undefined): ColumnEntry[] {
  const permitted = new Set(allowed);
  const seen = new Set<string>();
  const merged: ColumnEntry[] = [];
  for (const entry of stored ?? []) {
    if (!permitted.has(entry.key) || seen.has(entry.key)) continue;
    seen.add(entry.key);
    merged.push({ key: entry.key, hidden: entry.hidden === true });
  }
  return [...merged, ...allowed.filter((key) => !seen.has(key)).map((key) => ({ key, hidden: false }))];
}

/** Whether entries say nothing beyond the default: every column shown, in the definition's order. */
export function isDefaultSetting(allowed: readonly string[], entries: readonly ColumnEntry[]): boolean {
  return entries.length === allowed.length && entries.every((entry, i) => entry.key === allowed[i] && !entry.hidden);
}

/**
 * The columns to render: the configurable ones in the merged order without the hidden; columns
 * the setting does not govern (the row number before, the actions after) stay where they are.
 */
export function arrangeColumns<C extends { key?: unknown }>(columns: readonly C[], entries: readonly ColumnEntry[]): C[] {
  const byKey = new Map(columns.map((column) => [String(column.key), column]));
  const governed = new Set(entries.map((entry) => entry.key));
  const first = columns.findIndex((c) => governed.has(String(c.key)));
  if (first < 0) return [...columns];
  const leading = columns.slice(0, first);
  const trailing = columns.slice(first).filter((c) => !governed.has(String(c.key)));
  const shown = entries.filter((entry) => !entry.hidden).flatMap((entry) => byKey.get(entry.key) ?? []);
  return [...leading, ...shown, ...trailing];
}

/** One column moved one place up (-1) or down (+1); unchanged at either end. */
export function moveColumn(entries: readonly ColumnEntry[], key: string, step: -1 | 1): ColumnEntry[] {
  const from = entries.findIndex((entry) => entry.key === key);
  const to = from + step;
  if (from < 0 || to < 0 || to >= entries.length) return [...entries];
  const next = [...entries];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** A search form's values as a view keeps them: dates as epoch milliseconds, blanks and lookups left out. */
export function viewFilters(values: Record<string, unknown>, leaveOut: ReadonlySet<string> = new Set()): Record<string, FilterValue> {
  const kept: Record<string, FilterValue> = {};
  const scalar = (value: unknown): FilterValue | undefined => {
    if (value === null || value === undefined || value === '') return undefined;
    if (typeof value === 'string' || typeof value === 'boolean') return value;
    if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
    // A date picker's Dayjs (a range's bound): its instant.
    const ms = Number((value as { valueOf(): unknown }).valueOf());
    return Number.isFinite(ms) ? ms : undefined;
  };
  for (const [name, value] of Object.entries(values)) {
    if (leaveOut.has(name)) continue;
    if (Array.isArray(value)) {
      const items = value.map((item) => scalar(item) ?? null) as (string | number | boolean | null)[];
      if (items.some((item) => item !== null)) kept[name] = items;
      continue;
    }
    const one = scalar(value);
    if (one !== undefined) kept[name] = one;
  }
  return kept;
}

/** The views with `view` under its name: replacing one of that name in place, else added last. */
export function withView(views: readonly SavedView[], view: SavedView): SavedView[] {
  const at = views.findIndex((v) => v.name === view.name);
  return at < 0 ? [...views, view] : views.map((v, i) => (i === at ? view : v));
}

/** antd's sort order of a column, from the list's one sort. */
export function sortOrderOf(sort: SortSetting | null | undefined, field: string): 'ascend' | 'descend' | null {
  if (!sort || sort.field !== field) return null;
  return sort.order === 'asc' ? 'ascend' : 'descend';
}
