/**
 * The save-step registry: a definition's `saveStep.step` (resources/define.ts SaveStepSpec) → its
 * view, loaded when an edit first needs it, and how to tell the save's refusal that asks for a new
 * look. The generic form (resources/generic/useSaveStep.tsx) names no step; one line per step here.
 */
import type { ComponentType } from 'react';
import { isChangedSincePreview } from './grantPreview/changedSincePreview';
import type { BulkSaveStepProps, SaveStepProps } from './saveStepProps';

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
