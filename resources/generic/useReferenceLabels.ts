import { useMany, useTranslate, type HttpError } from '@refinedev/core';
import { useLocale } from '../../providers/locale';
import type { ReferenceSpec } from '../define';
import { findResource } from '../registry';
import { referenceLabelOf } from './references';

export interface ReferenceLabels {
  /** Label by id (as text: '2' is 2); an id the answer lacks has none. */
  labels: ReadonlyMap<string, string>;
  /** True until the first answer (or failure) arrived. */
  isLoading: boolean;
}

/**
 * The labels of the referenced records `ids`, through Refine's useMany: the data provider asks
 * the referenced list for exactly those ids (however many records it has). Callers asking for the
 * same ids share one request, kept until a change to that resource invalidates it.
 */
export function useReferenceLabels(spec: ReferenceSpec, ids: readonly string[]): ReferenceLabels {
  const t = useTranslate();
  const locale = useLocale();
  const { result, query } = useMany<Record<string, unknown>, HttpError>({
    resource: spec.resource,
    ids: [...ids],
    queryOptions: { staleTime: Infinity, enabled: ids.length > 0 },
    errorNotification: (error) => ({
      key: `reference-${spec.resource}`,
      message: t('resources.reference.loadFailed', { resource: findResource(spec.resource)?.title[locale] ?? spec.resource, message: error?.message ?? '' }),
      type: 'error',
    }),
  });
  const labels = new Map((result.data ?? []).map((row) => [String(row.id), referenceLabelOf(row, spec)]));
  return { labels, isLoading: ids.length > 0 && query.isLoading };
}
