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

export interface SaveStepEntry {
  load: () => Promise<{ default: ComponentType<SaveStepProps> }>;
  /** Whether a refused save asks for the step again (what it showed is out of date). */
  isStale(error: unknown): boolean;
}

export const saveSteps: ReadonlyMap<string, SaveStepEntry> = new Map<string, SaveStepEntry>([
  // Who gains and loses what when a role is switched on or off.
  ['grantPreview', { load: () => import('./grantPreview/EnableStep'), isStale: isChangedSincePreview }],
]);
