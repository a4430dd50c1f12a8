/**
 * A definition's save step (resources/define.ts SaveStepSpec) before a bulk change of its fields,
 * as useSaveStep.tsx is before a single edit: the step's bulk view (loaded on demand) is shown in
 * the confirmation with the records touched (every matching row read into ids first, by the list's
 * own call), and the bulk save carries the parameters it answered. A save refused as the step says
 * (what it showed is out of date) shows it anew. A bulk change of other fields takes no step.
 */
import { useDataProvider, useTranslate } from '@refinedev/core';
import { Alert, Spin } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ListData } from '../../contract/envelope';
import { MAX_PAGE_SIZE, pagingParams } from '../../contract/paging';
import { endpointOf, type ResourceDefinition } from '../define';
import { saveSteps } from '../saveSteps';
import type { BulkTarget } from './bulkTarget';

export interface BulkSaveStep {
  /** What the save carries; undefined while the step has not answered (the save waits). */
  params: Record<string, unknown> | undefined;
  view: ReactNode;
  /** A refused save: when the step says it is out of date, shows it anew and answers true. */
  onRefused(error: unknown): boolean;
  /** The step's own refusal (the save would be refused the same way), shown as the save's. */
  failure: unknown;
}

type Values = Readonly<Record<string, unknown>>;

/** `values`: what the bulk change sets (undefined: not known here, no step). */
export function useBulkSaveStep(definition: ResourceDefinition, values: Values | undefined, target: BulkTarget): BulkSaveStep | undefined {
  const t = useTranslate();
  const dataProvider = useDataProvider();
  const spec = definition.saveStep;
  const entry = spec ? saveSteps.get(spec.step) : undefined;
  const applies = !!values && !!entry?.loadBulk && !!spec && Object.keys(values).some((field) => spec.fields.includes(field));
  const View = useMemo(() => (applies && entry?.loadBulk ? lazy(entry.loadBulk) : undefined), [applies, entry]);
  const named = useMemo(() => (target.kind === 'ids' ? target.ids.map(Number) : undefined), [target]);
  const [matched, setMatched] = useState<number[]>();
  const ids = named ?? matched;
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);
  const [refusal, setRefusal] = useState<unknown>();
  const [params, setParams] = useState<Record<string, unknown>>();
  const [failure, setFailure] = useState<unknown>();

  useEffect(() => {
    if (!applies || target.kind === 'ids') return;
    // Every matching row: the list's own call, page by page (at most MAX_BULK_MATCH rows).
    let cancelled = false;
    const read = async () => {
      const found: number[] = [];
      const isPost = !!definition.privacy?.lookup?.length;
      for (let page = 1; found.length < target.expected; page++) {
        const query = { ...target.match, ...pagingParams(definition.paging, page, MAX_PAGE_SIZE) };
        const answer = await dataProvider().custom!<ListData<{ id: number }>>({ url: `${endpointOf(definition)}/list`, method: isPost ? 'post' : 'get', ...(isPost ? { payload: query } : { query }) });
        const items = answer.data?.items ?? [];
        found.push(...items.map((item) => Number(item.id)));
        if (items.length < MAX_PAGE_SIZE) break;
      }
      if (!cancelled) setMatched(found);
    };
    read().catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [applies, target, definition, dataProvider]);

  if (!applies || !values) return undefined;
  return {
    params,
    failure,
    onRefused(error) {
      if (!entry?.isStale(error)) return false;
      setParams(undefined);
      setFailure(undefined);
      setRefusal(error);
      setRound((n) => n + 1);
      return true;
    },
    view: failed ? (
      <Alert type="error" showIcon message={t('notifications.error')} />
    ) : View && ids ? (
      <Suspense fallback={<Spin size="small" />}>
        <View key={round} ids={ids} values={values} refusal={refusal} onReady={setParams} onRefused={setFailure} />
      </Suspense>
    ) : (
      <Spin size="small" />
    ),
  };
}
