/**
 * A dictionary's enabled items for dropdowns and cells, never older than the last save anywhere;
 * a value switched off or no longer in the dictionary is named as such wherever it shows
 * (`describe`), so a record keeping one never shows a bare code.
 *
 * The items are kept per (dictionary, version): `GET /dic/version` is asked again whenever a
 * dictionary is used (a component mounts, a dropdown opens, the window regains focus), which is
 * one tiny call; only when another administrator, another tab or this one changed a dictionary
 * does the version move and the items load again (`/dic/ListByKey`, cached by the server too).
 */
import { useDataProvider, useTranslate } from '@refinedev/core';
import { keepPreviousData, useQuery, type QueryFunctionContext } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { dictionaryItemText } from '../../contract/dictionaries';
import type { DictionaryEntry } from '../../contract/entities/dic';
import { callUrl, DICTIONARY_CALLS } from '../../contract/paths';
import { useLocale } from '../../providers/locale';

export const DICTIONARY_VERSION_KEY = ['dictionary', 'version'] as const;

export interface DictionaryOption {
  value: string;
  label: string;
}

/** A stored value as shown: an enabled item, an item switched off, or a value no item has (any more). */
export interface DictionaryValue {
  state: 'on' | 'off' | 'unknown';
  /** The item's label, marked '（已停用）' when off; the value itself, marked unknown, when no item has it. */
  text: string;
}

export interface DictionaryItems {
  /** The enabled items: what a dropdown offers. */
  options: DictionaryOption[];
  /** The label of any item's value, switched off ones included (undefined when none has it). */
  labelOf: (value: unknown) => string | undefined;
  /** How a stored value shows (undefined while the items load). */
  describe: (value: unknown) => DictionaryValue | undefined;
  isLoading: boolean;
  isError: boolean;
  /** Asks for the version again (a dropdown opening): a changed dictionary loads anew. */
  refresh: () => void;
}

/** Items → options, seeded texts in the user's language (contract/dictionaries.ts). */
export function dictionaryOptions(dicKey: string, items: readonly DictionaryEntry[], locale: 'zh-CN' | 'en-US'): DictionaryOption[] {
  return items.map((item) => ({ value: item.dicKey, label: dictionaryItemText(dicKey, item.dicKey, item.name, locale) }));
}

export function useDictionary(dicKey: string): DictionaryItems {
  const getProvider = useDataProvider();
  const locale = useLocale();
  const t = useTranslate();
  const call = useCallback(
    async <T,>(path: string, query: Record<string, string>, queryContext: QueryFunctionContext): Promise<T> => {
      const provider = getProvider();
      if (!provider.custom) throw new Error('The data provider has no custom call');
      const { data } = await provider.custom({ url: callUrl(path), method: 'get', query, meta: { queryContext } });
      return data as T;
    },
    [getProvider],
  );

  const version = useQuery({
    queryKey: DICTIONARY_VERSION_KEY,
    queryFn: (context) => call<number>(DICTIONARY_CALLS.version, {}, context),
    staleTime: 0,
    refetchOnMount: true,
    refetchOnWindowFocus: true,
  });
  const items = useQuery({
    queryKey: ['dictionary', 'items', dicKey, version.data],
    queryFn: (context) => call<DictionaryEntry[]>(DICTIONARY_CALLS.listByKey, { dicKey, all: '1' }, context),
    enabled: version.data !== undefined,
    staleTime: Infinity,
    // While a new version loads, the last items stay on screen rather than a blank.
    placeholderData: keepPreviousData,
  });

  const all = useMemo(() => dictionaryOptions(dicKey, items.data ?? [], locale), [dicKey, items.data, locale]);
  const options = useMemo(() => all.filter((_, i) => items.data?.[i]?.openStatus !== 0), [all, items.data]);
  const labelOf = useCallback((value: unknown) => all.find((option) => option.value === String(value))?.label, [all]);
  const loaded = items.data;
  const describe = useCallback(
    (value: unknown): DictionaryValue | undefined => {
      if (!loaded) return undefined;
      const index = loaded.findIndex((item) => item.dicKey === String(value));
      if (index < 0) return { state: 'unknown', text: t('dictionary.unknown', { value: String(value) }) };
      const label = all[index]!.label;
      return loaded[index]!.openStatus === 0 ? { state: 'off', text: t('dictionary.off', { label }) } : { state: 'on', text: label };
    },
    [loaded, all, t],
  );
  const { refetch } = version;
  return {
    options,
    labelOf,
    describe,
    isLoading: version.isLoading || items.isLoading,
    isError: version.isError || items.isError,
    refresh: useCallback(() => void refetch(), [refetch]),
  };
}

/**
 * What a control offers for a record holding `value`: the enabled items, and the record's own value
 * when the dictionary has switched it off (or no longer has it), listed for this record only and
 * disabled: it can be kept, never chosen anew (server/crud/handlers.ts checkDictionaries).
 */
export function useDictionaryChoices(dicKey: string, value: unknown) {
  const items = useDictionary(dicKey);
  const { options, describe } = items;
  // Stored values may be numbers (an integer field); items' values are text.
  const current = value === undefined || value === null || value === '' ? undefined : String(value);
  const shown = current === undefined ? undefined : describe(current);
  const listed = useMemo(
    () => (current !== undefined && shown && shown.state !== 'on' ? [...options, { value: current, label: shown.text, disabled: true }] : options),
    [options, current, shown],
  );
  return { ...items, current, listed };
}
