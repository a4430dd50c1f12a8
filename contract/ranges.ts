/**
 * A list's range filters (`definition.ranges`): `<field>From` and `<field>To`, both inclusive and
 * optional, each read by the field's own rule without its bounds (a filter may reach past what a
 * record may hold): a day 'YYYY-MM-DD' for a date, minor units for money or a decimal (¥19.99 is
 * 1999), epoch milliseconds for an instant (./rangeBound.ts reads one). No zod here: the search
 * form reads these.
 */
import type { Field } from './fields';

export const RANGE_FROM = 'From';
export const RANGE_TO = 'To';

/** What a range's control picks: days, amounts, or instants (a dateTime field, or digits holding epoch milliseconds). */
export type RangeKind = 'day' | 'amount' | 'instant';

export function rangeKindOf(field: Field): RangeKind {
  return field.rule.kind === 'date' ? 'day' : field.rule.kind === 'decimal' ? 'amount' : 'instant';
}

