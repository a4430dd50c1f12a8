/**
 * Between a record and the form: slot fields are edited as separate inputs (split with the
 * contract's `splitJoined`) and travel joined (`joinSlots`); a range's end (`to`) is a field of the
 * form too. A field left empty travels as null, so an update clears it (an update keeps what it
 * does not name).
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
    if (spec.to !== undefined) values[spec.to] = record?.[spec.to] ?? undefined;
  }
  return values;
}

/** What the add dialog starts with: empty slots, and each field's default (SPEC §9 defaults). */
export function newRecordValues(definition: ResourceDefinition): FormValues {
  const values = toFormValues(definition, undefined);
  for (const name of definition.form.flatMap((spec) => (spec.to === undefined ? [spec.field] : [spec.field, spec.to]))) {
    const defaultValue = definition.entity.fields[name]?.defaultValue;
    if (defaultValue !== undefined) values[name] = defaultValue;
  }
  return values;
}

/** The slots of a form value joined; '' when all are empty (so an edit can clear them). */
export function joinedSlots(value: unknown): string {
  return joinSlots(Array.isArray(value) ? (value as Array<string | undefined | null>) : []) ?? '';
}

/** The form's values as a save sends them, with `fixed` values added (a new detail's master). */
export function fromFormValues(definition: ResourceDefinition, values: FormValues, fixed: FormValues = {}): FormValues {
  const out: FormValues = { ...fixed };
  for (const spec of definition.form) {
    const value = values[spec.field];
    out[spec.field] = spec.widget === 'slots' ? joinedSlots(value) : (value ?? null);
    if (spec.to !== undefined) out[spec.to] = values[spec.to] ?? null;
  }
  return out;
}
