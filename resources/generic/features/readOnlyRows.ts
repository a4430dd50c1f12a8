/** `readOnlyRows`: rows the console shows read-only, their edit and delete buttons (and acting cells) disabled, saying why. */
import type { ConsoleFeature } from './feature';

export const readOnlyRowsFeature: ConsoleFeature = {
  key: 'readOnlyRows',
  refusal(definition, row) {
    const rule = definition.readOnlyRows;
    return rule?.values.some((value) => String(value) === String(row[rule.field])) ? rule.reason : undefined;
  },
};
