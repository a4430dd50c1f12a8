/**
 * Between a record and the form: slot fields are edited as separate inputs (split with the
 * contract's `splitJoined`) and travel joined (`joinSlots`); everything else passes as is.
 */
import { joinSlots, splitJoined } from '../../contract/fields';
import type { ResourceDefinition } from '../define';

export type FormValues = Record<string, unknown>;

export function toFormValues(definition: ResourceDefinition, record: Record<string, unknown> | undefined): FormValues {
  const values: FormValues = {};
  for (const spec of definition.form) {
    const value = record?.[spec.field];
    if (spec.widget === 'slots' && spec.slots) values[spec.field] = splitJoined(typeof value === 'string' ? value : undefined, spec.slots.count);
    else values[spec.field] = value === null ? undefined : value;
  }
  return values;
}

/** The slots of a form value joined; '' when all are empty (so an edit can clear them). */
export function joinedSlots(value: unknown): string {
  return joinSlots(Array.isArray(value) ? (value as Array<string | undefined | null>) : []) ?? '';
}

export function fromFormValues(definition: ResourceDefinition, values: FormValues): FormValues {
  const out: FormValues = {};
  for (const spec of definition.form) {
    const value = values[spec.field];
    out[spec.field] = spec.widget === 'slots' ? joinedSlots(value) : value;
  }
  return out;
}
