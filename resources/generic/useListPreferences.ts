/**
 * A list's stored settings (contract/preferences.ts): read in one call when the list opens, saved
 * as the user changes them. What was saved shows at once; a refused save says why and the list
 * shows what the server holds again. A failed read leaves the definition's defaults.
 */
import { useCustom, useCustomMutation, useTranslate, type BaseRecord, type HttpError } from '@refinedev/core';
import { useState } from 'react';
import { API_PREFIX } from '../../contract/session';
import { PREFERENCE_PATHS, type PreferenceKind, type ScreenPreferences } from '../../contract/preferences';

export interface ListPreferences {
  stored: ScreenPreferences;
  /** The read has answered (or failed): the list may apply what it holds. */
  isSettled: boolean;
  save<K extends PreferenceKind>(kind: K, value: NonNullable<ScreenPreferences[K]>): Promise<void>;
  forget(kind: PreferenceKind): Promise<void>;
}

const NONE: ScreenPreferences = {};

export function useListPreferences(screen: string): ListPreferences {
  const t = useTranslate();
  const { query } = useCustom<ScreenPreferences, HttpError>({
    url: `${API_PREFIX}${PREFERENCE_PATHS.list}`,
    method: 'get',
    config: { query: { screen } },
    // Changed only by this user, through this hook: no reason to read again while the list is open.
    queryOptions: { staleTime: Infinity, retry: false },
    errorNotification: false,
  });
  const { mutateAsync } = useCustomMutation<BaseRecord, HttpError, Record<string, unknown>>();
  const [changed, setChanged] = useState<ScreenPreferences>();
  const stored = changed ?? (query.data?.data as ScreenPreferences | undefined) ?? NONE;

  const call = async (path: string, values: Record<string, unknown>, next: ScreenPreferences) => {
    const before = stored;
    setChanged(next);
    try {
      await mutateAsync({
        url: `${API_PREFIX}${path}`,
        method: 'post',
        values: { screen, ...values },
        successNotification: false,
        errorNotification: (error) => ({ type: 'error', message: error?.message || t('notifications.error') }),
      });
    } catch {
      setChanged(before);
      return;
    }
    // The cache serves the list's next opening (a tab closed and opened again): keep it current.
    void query.refetch();
  };

  return {
    stored,
    isSettled: !query.isLoading,
    save: (kind, value) => call(PREFERENCE_PATHS.save, { kind, value }, { ...stored, [kind]: value }),
    forget: (kind) => {
      const next = { ...stored };
      delete next[kind];
      return call(PREFERENCE_PATHS.delete, { kind }, next);
    },
  };
}
