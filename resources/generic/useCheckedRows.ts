import { useDeleteMany, useTranslate, type BaseKey, type HttpError } from '@refinedev/core';
import { useState, type Key } from 'react';
import type { Row } from './rowTypes';

interface Options {
  resource: string;
  /** Whether the list checks rows at all (the caller holds a bulk action, and it is no master list). */
  isCheckable: boolean;
  /** The page shown: a row no longer on it is no longer checked. */
  rows: readonly Row[];
  /** After a delete took every row of a later page, show the page before it. */
  onPageEmptied: () => void;
}

/** The rows checked for a bulk action, and the delete of them (one call: one transaction on the server). */
export function useCheckedRows({ resource, isCheckable, rows, onPageEmptied }: Options) {
  const t = useTranslate();
  const { mutateAsync: removeMany } = useDeleteMany<Row, HttpError>();
  const [keys, setKeys] = useState<BaseKey[]>([]);
  const checked = isCheckable ? keys.filter((key) => rows.some((row) => String(row.id) === String(key))) : [];

  const deleteChecked = async (ids: BaseKey[]) => {
    await removeMany({
      resource,
      ids,
      successNotification: () => ({ message: t('messages.deleted'), type: 'success' }),
      errorNotification: (error) => ({ message: error?.message || t('notifications.error'), type: 'error' }),
    });
    setKeys([]);
    if (ids.length === rows.length) onPageEmptied();
  };

  return {
    checked,
    clear: () => setKeys([]),
    deleteChecked,
    rowSelection: isCheckable
      ? { columnWidth: 40, selectedRowKeys: checked, onChange: (next: readonly Key[]) => setKeys(next.map((key) => (typeof key === 'bigint' ? String(key) : key))) }
      : undefined,
  };
}
