/**
 * `fixedWhileUsed`: fields that may change only while no row of another table names the record.
 * The detail answers IN_USE_FLAG; while it is true the edit form shows those fields read-only,
 * saying the declared reason (the server refuses the change by itself).
 */
import { IN_USE_FLAG } from '../../define';
import type { ConsoleFeature } from './feature';

export const fixedWhileUsedFeature: ConsoleFeature = {
  key: 'fixedWhileUsed',
  fieldLock(definition, field, record) {
    const usage = definition.fixedWhileUsed;
    return usage && record?.[IN_USE_FLAG] === true && usage.fields.includes(field) ? usage.reason : undefined;
  },
};
