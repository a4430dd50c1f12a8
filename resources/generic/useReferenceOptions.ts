import { useSelect } from '@refinedev/antd';
import { useTranslate, type HttpError } from '@refinedev/core';
import { MAX_PAGE_SIZE } from '../../contract/paging';
import { useLocale } from '../../providers/locale';
import type { ReferenceSpec } from '../define';
import { findResource } from '../registry';
import { referenceLabelOf, type ReferenceOption } from './references';
import { useReferenceLabels } from './useReferenceLabels';

export interface ReferenceOptions {
  options: ReferenceOption[];
  /** True until the first answer (or failure) arrived. */
  isLoading: boolean;
  isError: boolean;
}

/**
 * The records of a referenced resource as options (value = id, label = its label field), through
 * @refinedev/antd's useSelect: the list call with up to MAX_PAGE_SIZE rows, as the platform's
 * dropdowns load them. Every caller asks with the same query, so the search form and the dialog
 * of a page share one request; the answer stays until a change to that resource invalidates it.
 * The `chosen` record, when it is not among those rows, is read by its id (useReferenceLabels),
 * so its label shows however many records the resource has.
 */
export function useReferenceOptions(spec: ReferenceSpec, chosen?: number | string): ReferenceOptions {
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
  const options = (selectProps.options ?? []) as ReferenceOption[];
  const isChosen = chosen !== undefined && chosen !== null && String(chosen).trim() !== '';
  const missing = isChosen && !query.isLoading && !options.some((option) => String(option.value) === String(chosen));
  const { labels } = useReferenceLabels(spec, missing ? [String(chosen).trim()] : []);
  const label = missing ? labels.get(String(chosen).trim()) : undefined;
  return { options: label === undefined ? options : [...options, { value: chosen!, label }], isLoading: query.isLoading, isError: query.isError };
}
