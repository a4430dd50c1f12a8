/**
 * A save refused because someone else changed the record since the dialog read it
 * (contract/recordVersion.ts, code 1012): which of the form's fields they changed, their value
 * beside the one the user typed, each as a list cell shows it.
 */
import type { Entity } from '../../contract/entity';
import type { Locale } from '../../contract/i18n';
import type { FieldColumnSpec, ResourceDefinition } from '../define';
import { fieldLabelOf } from '../define';
import { cellView, type CellView } from './cells';
import { fromFormValues, toFormValues, type FormValues } from './formValues';

export interface ConflictLine {
  field: string;
  label: string;
  theirs: CellView;
  mine: CellView;
}

/** The form's fields, each range's end too. */
function formFields(definition: ResourceDefinition): string[] {
  return definition.form.flatMap((spec) => (spec.to === undefined ? [spec.field] : [spec.field, spec.to]));
}

/** A record's form fields as a save would send them (slots joined, empty as null), comparable as JSON. */
function asSent(definition: ResourceDefinition, record: Record<string, unknown>): FormValues {
  return fromFormValues(definition, toFormValues(definition, record));
}

/** How a value of the field shows: as the list shows it (a choice's option label, joined slots as slots). */
function columnOf(definition: ResourceDefinition, field: string): FieldColumnSpec {
  const spec = definition.form.find((item) => item.field === field);
  const rule = definition.entity.fields[field];
  const cell = spec?.widget === 'slots' ? 'slots' : rule?.options && !rule.dictionary ? 'option' : undefined;
  return cell ? { field, cell } : { field };
}

/**
 * The form's fields whose value in `current` differs from the record as the dialog read it
 * (`read`), with their value and the user's (`typed`, the form's values), in the form's order.
 * Empty when the other change touched no field of the form (a switch, a move).
 */
export function conflictLines(definition: ResourceDefinition, read: Record<string, unknown>, current: Record<string, unknown>, typed: FormValues, locale: Locale): ConflictLine[] {
  const before = asSent(definition, read);
  const now = asSent(definition, current);
  const mine = fromFormValues(definition, typed);
  return formFields(definition)
    .filter((field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(now[field] ?? null))
    .map((field) => ({
      field,
      label: fieldLabelOf(definition, field)?.[locale] ?? field,
      theirs: cellView(definition, columnOf(definition, field), now[field], locale, now),
      mine: cellView(definition, columnOf(definition, field), mine[field], locale, mine),
    }));
}

/** An empty value as nothing, so '' typed and null stored compare alike. */
const comparable = (value: unknown) => JSON.stringify(value === undefined || value === '' ? null : value);

/**
 * The same for a bespoke dialog over a contract entity: `fields` (the form's, in its order) whose
 * value in `current` differs from `read`, theirs beside `typed`, all three as the form holds them.
 * A value shows as `show` names it (a referenced node by name), else as its option's label, else as typed.
 */
export function entityConflictLines(
  entity: Entity,
  fields: readonly string[],
  values: { read: FormValues; current: FormValues; typed: FormValues },
  locale: Locale,
  show?: (field: string, value: unknown) => string | undefined,
): ConflictLine[] {
  const view = (field: string, value: unknown): CellView => {
    if (value === undefined || value === null || value === '') return { kind: 'empty' };
    const option = entity.fields[field]?.options?.find((o) => String(o.value) === String(value));
    return { kind: 'text', text: show?.(field, value) ?? (option ? option.label[locale] : String(value)) };
  };
  return fields
    .filter((field) => comparable(values.read[field]) !== comparable(values.current[field]))
    .map((field) => ({
      field,
      label: entity.fields[field]?.label[locale] ?? field,
      theirs: view(field, values.current[field]),
      mine: view(field, values.typed[field]),
    }));
}
