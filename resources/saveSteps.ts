/**
 * The save-step registry: a definition's `saveStep.step` (resources/define.ts SaveStepSpec) → its
 * view, loaded when an edit first needs it, and how to tell the save's refusal that asks for a new
 * look. The generic form (resources/generic/useSaveStep.tsx) names no step; one line per step here.
 */
import type { BaseKey } from '@refinedev/core';
import type { ComponentType } from 'react';
import { isChangedSincePreview } from './grantPreview/changedSincePreview';

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

export interface SaveStepEntry {
  load: () => Promise<{ default: ComponentType<SaveStepProps> }>;
  /** Its view before a bulk change of the step's fields. */
  loadBulk?: () => Promise<{ default: ComponentType<BulkSaveStepProps> }>;
  /** Whether a refused save asks for the step again (what it showed is out of date). */
  isStale(error: unknown): boolean;
}

export const saveSteps: ReadonlyMap<string, SaveStepEntry> = new Map<string, SaveStepEntry>([
  // Who gains and loses what when a role is switched on or off.
  ['grantPreview', { load: () => import('./grantPreview/EnableStep'), loadBulk: () => import('./grantPreview/BulkEnableStep'), isStale: isChangedSincePreview }],
]);
