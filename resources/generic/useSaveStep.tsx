/**
 * A definition's save step (resources/define.ts SaveStepSpec) in the generic form: an edit changing
 * one of its fields is shown by the step's view first (loaded on demand), and saved on the next
 * confirmation with the parameters the view answered. A save refused as the step says (what it
 * showed is out of date) shows it anew. Any other edit saves at once; a resource without a step
 * never loads anything.
 */
import type { BaseKey } from '@refinedev/core';
import { Spin } from 'antd';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import type { ResourceDefinition } from '../define';
import { saveSteps } from '../saveSteps';

type Values = Readonly<Record<string, unknown>>;

interface Shown {
  values: Values;
  /** Remounts the view for a new look. */
  round: number;
  refusal?: unknown;
}

export interface SaveStep {
  /** The parameters the save carries, or undefined while the step is shown first (the save waits). */
  before(values: Values): Record<string, unknown> | undefined;
  /** A refused save: when the step says it is out of date, shows it anew and answers true. */
  onRefused(error: unknown): boolean;
  /** Whether a refusal is one the step answers (no toast for it). */
  isStale(error: unknown): boolean;
  /** The values changed: what was shown no longer holds. */
  clear(): void;
  isShown: boolean;
  view: ReactNode;
}

export function useSaveStep(definition: ResourceDefinition, id: BaseKey | undefined, record: Values | undefined): SaveStep {
  const spec = definition.saveStep;
  const entry = spec ? saveSteps.get(spec.step) : undefined;
  const View = useMemo(() => (entry ? lazy(entry.load) : undefined), [entry]);
  const [shown, setShown] = useState<Shown>();
  const [params, setParams] = useState<Record<string, unknown>>();

  const applies = (values: Values) => !!spec && !!entry && id !== undefined && !!record && spec.fields.some((field) => String(values[field] ?? '') !== String(record[field] ?? ''));

  return {
    before(values) {
      if (!applies(values)) return {};
      if (shown && params) return params;
      // Not shown yet, or its look was refused: (again) first.
      setShown({ values, round: (shown?.round ?? 0) + 1 });
      return undefined;
    },
    onRefused(error) {
      if (!shown || !entry?.isStale(error)) return false;
      setParams(undefined);
      setShown({ ...shown, round: shown.round + 1, refusal: error });
      return true;
    },
    isStale: (error) => !!shown && !!entry?.isStale(error),
    clear() {
      setShown(undefined);
      setParams(undefined);
    },
    isShown: shown !== undefined,
    view:
      shown && View && id !== undefined && record ? (
        <Suspense fallback={<Spin size="small" />}>
          <View key={shown.round} id={id} record={record} values={shown.values} refusal={shown.refusal} onReady={setParams} />
        </Suspense>
      ) : null,
  };
}
