/** `deletable`: which rows may be deleted at all; the others' delete button is disabled, saying why. */
import type { ConsoleFeature } from './feature';

export const deletableFeature: ConsoleFeature = {
  key: 'deletable',
  refusal(definition, row, change) {
    const rule = definition.deletable;
    if (change !== 'delete' || !rule) return undefined;
    return rule.values.some((value) => String(value) === String(row[rule.field])) ? undefined : rule.refusal;
  },
};
