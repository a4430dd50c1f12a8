/**
 * Rows kept from deletion (`deletable`: e.g. system dictionaries): a delete naming one is refused
 * whole (1011 with the definition's refusal) before anything is locked, and its confirmation
 * (deleteImpact) says so for each such row.
 */
import { Code } from '../../../contract';
import { ApiError } from '../../errors';
import type { FeatureFactory } from '../feature';
import type { ResourceRecord } from '../repository';

export const deletable: FeatureFactory = (_context, definition) => {
  const spec = definition.deletable;
  if (!spec) return undefined;
  const isKept = (row: ResourceRecord) => !spec.values.some((value) => String(value) === String(row[spec.field]));

  return {
    async beforeDelete(_trx, _ids, _context, rows) {
      if (rows.some(isKept)) throw new ApiError(Code.CONFLICT, spec.refusal);
    },

    async deleteImpact(_db, _ids, _context, rows) {
      return new Map(rows.filter(isKept).map((row) => [row.id, { refusal: spec.refusal }]));
    },
  };
};
