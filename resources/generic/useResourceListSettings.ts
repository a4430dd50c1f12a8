/**
 * A declared list's column settings and saved views (./useListSettings.tsx): its columns are the
 * definition's, a view keeps the search form's values (never a whole-value lookup of personal
 * data) and the list's one sort, and picking one fills the form, sorts and searches again.
 */
import type { CrudSort } from '@refinedev/core';
import type { FormInstance } from 'antd';
import type { Locale } from '../../contract/i18n';
import type { SortSetting } from '../../contract/preferences';
import { isComputed, lookupFieldsOf, type ResourceDefinition } from '../define';
import { arrangeableColumns } from './columns';
import { viewFilters } from './columnSettings';
import { searchFormFields } from './filters';
import { useListSettings, type ListSettingsState } from './useListSettings';

interface Options {
  definition: ResourceDefinition;
  locale: Locale;
  form: FormInstance<Record<string, unknown>> | undefined;
  sorters: readonly CrudSort[];
  setSorters: (sorters: CrudSort[]) => void;
}

export function useResourceListSettings({ definition, locale, form, sorters, setSorters }: Options): { settings: ListSettingsState; sort: SortSetting | null } {
  const first = sorters[0];
  const sort = first && (first.order === 'asc' || first.order === 'desc') ? { field: first.field, order: first.order } : null;
  const settings = useListSettings({
    screen: definition.name,
    columns: arrangeableColumns(definition, locale),
    current: () => ({ filters: viewFilters(form?.getFieldsValue() ?? {}, new Set(lookupFieldsOf(definition).map(({ field }) => field))), sort }),
    applyView: (view) => {
      // Only what this list still searches and sorts by: a view may be older than the definition.
      const searched = new Set([...searchFormFields(definition), ...(definition.ranges ?? [])]);
      form?.resetFields();
      form?.setFieldsValue(Object.fromEntries(Object.entries(view.filters).flatMap(([name, value]) => (searched.has(name) && value !== null ? [[name, value]] : []))));
      const isSortable = definition.columns.some((c) => !isComputed(c) && c.field === view.sort?.field && c.sortable);
      setSorters(isSortable && view.sort ? [{ field: view.sort.field, order: view.sort.order }] : []);
      form?.submit();
    },
  });
  return { settings, sort };
}
