/**
 * Lists only ever read by their owner (a customer's bank rows) must name it (`requiredFilters`): a
 * list call lacking one of these parameters, or naming no valid id in a reference field, is refused
 * (1001 naming it) before the list's other parameters are read; the values then filter the list
 * by exact value.
 */
import { missingParam, requiredId, textParam } from '../../http/params';
import type { FeatureFactory } from '../feature';

export const requiredFilters: FeatureFactory = (_context, definition) => {
  const names = definition.requiredFilters ?? [];
  if (names.length === 0) return undefined;
  const { fields } = definition.entity;

  return {
    checkList(params, { locale }) {
      for (const name of names) {
        if (fields[name]?.rule.kind === 'reference') requiredId(params[name], locale, name);
        else if (textParam(params[name]) === undefined) throw missingParam(name, locale);
      }
    },

    list: (_db, params) => ({
      exact: Object.fromEntries(names.flatMap((name) => {
        const value = textParam(params[name]);
        return value === undefined ? [] : [[name, value]];
      })),
    }),
  };
};
