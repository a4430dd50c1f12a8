/** What a save step's view (resources/saveSteps.ts) is given, apart from the registry that loads it. */
import type { BaseKey } from '@refinedev/core';

export interface SaveStepProps {
  /** The record edited, as read, and the values about to be saved. */
  id: BaseKey;
  record: Readonly<Record<string, unknown>>;
  values: Readonly<Record<string, unknown>>;
  /** The save's refusal this new look answers, if one did. */
  refusal?: unknown;
  /** Called with the parameters the save carries once the step has shown what it shows. */
  onReady(params: Record<string, unknown>): void;
}

/** The same step before a bulk change of its fields (resources/generic/useBulkSaveStep.tsx). */
export interface BulkSaveStepProps {
  /** The records the bulk change touches (every matching one already read into ids). */
  ids: readonly number[];
  /** The values set on each of them. */
  values: Readonly<Record<string, unknown>>;
  refusal?: unknown;
  onReady(params: Record<string, unknown>): void;
  /** The step itself was refused (what the save would refuse): the confirmation shows why. */
  onRefused(failure: unknown): void;
}
