/**
 * Fields grouped as the platform's clients read them (`detailGroups`): the detail answer, and any
 * single record a feature's route answers (a customer's reveal), also carries each group's fields
 * under its name, beside the fields themselves.
 */
import type { FeatureFactory } from '../feature';

export const detailGroups: FeatureFactory = (_context, definition) => {
  const groups = Object.entries(definition.detailGroups ?? {});
  if (groups.length === 0) return undefined;

  return {
    shapeRecord(record) {
      const nested = groups.map(([name, fields]) => [name, Object.fromEntries(fields.map((field) => [field, record[field] ?? null]))]);
      return { ...record, ...Object.fromEntries(nested) };
    },
  };
};
