import { useDeleteMany, useTranslate, type BaseKey, type HttpError } from '@refinedev/core';
import type { Row } from './rowTypes';
import { useBulkSelection } from './useBulkSelection';

interface Options {
  resource: string;
  /** Whether the list checks rows at all (the caller holds a bulk action, and it is no master list). */
  isCheckable: boolean;
  /** The page shown: a row no longer on it is no longer checked. */
  rows: readonly Row[];
  /** How many rows the list's filters select (all pages). */
  total: number;
  /** The list's parameters as its list call sends them, paging aside. */
  match: Record<string, unknown>;
  /** After a delete took every row of a later page, show the page before it. */
  onPageEmptied: () => void;
}

/** The rows checked for a bulk action (./useBulkSelection.ts), and the delete of them (one call: one transaction on the server). */
export function useCheckedRows({ resource, onPageEmptied, ...selection }: Options) {
  const t = useTranslate();
  const { mutateAsync: removeMany } = useDeleteMany<Row, HttpError>();
  const checked = useBulkSelection(selection);

  const deleteChecked = async (ids: BaseKey[]) => {
    await removeMany({
      resource,
      ids,
      successNotification: () => ({ message: t('messages.deleted'), type: 'success' }),
      errorNotification: (error) => ({ message: error?.message || t('notifications.error'), type: 'error' }),
    });
    checked.clear();
    if (ids.length === selection.rows.length) onPageEmptied();
  };

  return { ...checked, deleteChecked };
}
