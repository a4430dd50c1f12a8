/**
 * What a list needs for its column settings and saved views: the columns in the user's stored
 * order without the hidden ones, and the toolbar control (its own chunk). The list says which
 * columns it shows this caller, what its current filters and sort are, and how to apply a view.
 */
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import type { ColumnEntry, FilterValue, SavedView, SortSetting } from '../../contract/preferences';
import { arrangeColumns, isDefaultSetting, mergeColumns, withView } from './columnSettings';
import { useListPreferences } from './useListPreferences';

const ListSettings = lazy(() => import('./ListSettings'));

interface Options {
  /** The screen's key (its page component: a definition's name, `user`). */
  screen: string;
  /** The columns the list shows this caller, in the definition's order, with their headers. */
  columns: ReadonlyArray<{ key: string; title: string }>;
  /** The list's current search values and sort, as a view keeps them. */
  current: () => { filters: Record<string, FilterValue>; sort: SortSetting | null };
  /** Shows the view's filters and sort (its columns are applied here). */
  applyView: (view: SavedView) => void;
}

export interface ListSettingsState {
  /** The list's columns as the user arranged them; columns without a key of `columns` stay in place. */
  arrange: <C extends { key?: unknown }>(columns: readonly C[]) => C[];
  control: ReactNode;
  /** The stored settings have been read (or could not be): what shows now is what the user keeps. */
  isSettled: boolean;
}

export function useListSettings({ screen, columns, current, applyView }: Options): ListSettingsState {
  const preferences = useListPreferences(screen);
  const allowed = useMemo(() => columns.map((column) => column.key), [columns]);
  const titles = useMemo(() => new Map(columns.map((column) => [column.key, column.title])), [columns]);
  const entries = useMemo(() => mergeColumns(allowed, preferences.stored.columns?.columns), [allowed, preferences.stored.columns]);
  const views = preferences.stored.views?.views ?? [];

  const saveColumns = (next: ColumnEntry[]) =>
    isDefaultSetting(allowed, next) ? preferences.forget('columns') : preferences.save('columns', { columns: next });

  const control = (
    <Suspense fallback={null}>
      <ListSettings
        titles={titles}
        entries={entries}
        onColumns={(next) => void saveColumns(next)}
        onReset={() => void preferences.forget('columns')}
        views={views}
        onSaveView={(name) => void preferences.save('views', { views: withView(views, { name, ...current(), columns: entries }) })}
        onPickView={(view) => {
          applyView(view);
          // A view's columns become the list's, merged with what the caller may see now.
          if (view.columns) void saveColumns(mergeColumns(allowed, view.columns));
        }}
        onDeleteView={(name) => {
          const rest = views.filter((view) => view.name !== name);
          void (rest.length ? preferences.save('views', { views: rest }) : preferences.forget('views'));
        }}
      />
    </Suspense>
  );
  return { arrange: (list) => arrangeColumns(list, entries), control, isSettled: preferences.isSettled };
}
