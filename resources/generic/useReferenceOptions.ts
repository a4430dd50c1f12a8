import { useSelect } from '@refinedev/antd';
import { useTranslate, type HttpError } from '@refinedev/core';
import { MAX_PAGE_SIZE } from '../../contract/paging';
import { useLocale } from '../../src/i18n';
import type { ReferenceSpec } from '../define';
import { findResource } from '../registry';
import { referenceLabelOf, type ReferenceOption } from './references';

export interface ReferenceOptions {
  options: ReferenceOption[];
  /** True until the first answer (or failure) arrived. */
  isLoading: boolean;
  isError: boolean;
}

/**
 * The records of a referenced resource as options (value = id, label = its label field), through
 * @refinedev/antd's useSelect: the list call with up to MAX_PAGE_SIZE rows, as the platform's
 * dropdowns load them. Every caller asks with the same query, so the cells, the search form and
 * the dialog of a page share one request; the answer stays until a change to that resource
 * invalidates it.
 */
export function useReferenceOptions(spec: ReferenceSpec): ReferenceOptions {
  const t = useTranslate();
  const locale = useLocale();
  const { selectProps, query } = useSelect<Record<string, unknown>, HttpError>({
    resource: spec.resource,
    optionLabel: (row) => referenceLabelOf(row, spec),
    optionValue: 'id',
    pagination: { currentPage: 1, pageSize: MAX_PAGE_SIZE, mode: 'server' },
    queryOptions: { staleTime: Infinity },
    errorNotification: (error) => ({
      key: `reference-${spec.resource}`,
      message: t('resources.reference.loadFailed', { resource: findResource(spec.resource)?.title[locale] ?? spec.resource, message: error?.message ?? '' }),
      type: 'error',
    }),
  });
  return { options: (selectProps.options ?? []) as ReferenceOption[], isLoading: query.isLoading, isError: query.isError };
}
