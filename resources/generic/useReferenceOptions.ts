import { useList, useTranslate, type HttpError } from '@refinedev/core';
import { useMemo } from 'react';
import { MAX_PAGE_SIZE } from '../../contract/paging';
import { useLocale } from '../../src/i18n';
import type { ReferenceSpec } from '../define';
import { findResource } from '../registry';
import { referenceOptions, type ReferenceOption } from './references';

export interface ReferenceOptions {
  options: ReferenceOption[];
  /** True until the first answer (or failure) arrived. */
  isLoading: boolean;
  isError: boolean;
}

/**
 * The records of a referenced resource as options, through the data provider (its list call with
 * up to MAX_PAGE_SIZE rows, as the platform's dropdowns do). Every caller asks with the same
 * query, so the cells, the search form and the dialog of a page share one request; the answer
 * stays until a change to that resource invalidates it.
 */
export function useReferenceOptions(spec: ReferenceSpec): ReferenceOptions {
  const t = useTranslate();
  const locale = useLocale();
  const { result, query } = useList<Record<string, unknown>, HttpError>({
    resource: spec.resource,
    pagination: { currentPage: 1, pageSize: MAX_PAGE_SIZE, mode: 'server' },
    queryOptions: { staleTime: Infinity },
    errorNotification: (error) => ({
      key: `reference-${spec.resource}`,
      message: t('resources.reference.loadFailed', { resource: findResource(spec.resource)?.title[locale] ?? spec.resource, message: error?.message ?? '' }),
      type: 'error',
    }),
  });
  const rows = result.data;
  const options = useMemo(() => referenceOptions(rows, spec), [rows, spec]);
  return { options, isLoading: query.isLoading, isError: query.isError };
}
