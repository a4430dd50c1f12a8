import { useTranslate } from '@refinedev/core';
import type { RuleObject } from 'antd/es/form';
import { minorUnitsOf } from '../../contract/decimal';
import { messenger } from '../../contract/fields';
import type { Locale, Text } from '../../contract/i18n';
import { DecimalInput } from './DecimalInput';

type Bounds = [unknown, unknown] | undefined;

interface Props {
  /** Decimals of the major unit (2: yuan and fen). */
  scale: number;
  // Injected by the Form.Item around it: [from, to] in minor units (fen), as the list call takes them.
  id?: string;
  value?: Bounds;
  onChange?: (value: Bounds) => void;
}

/** A range over money or a decimal: the least and the greatest amount, each typed in yuan and held in fen; either may stay empty. */
export function AmountRangeInput({ scale, id, value, onChange }: Props) {
  const t = useTranslate();
  const [from, to] = value ?? [undefined, undefined];
  return (
    <span className="generic-search__amounts">
      <DecimalInput id={id} scale={scale} value={from} placeholder={t('resources.range.least')} onChange={(typed) => onChange?.([typed, to])} />
      <span className="generic-search__to">~</span>
      <DecimalInput scale={scale} value={to} placeholder={t('resources.range.most')} onChange={(typed) => onChange?.([from, typed])} />
    </span>
  );
}

/**
 * An amount typed with more decimals than the field keeps (or no number) is refused in the form,
 * as the server would refuse the bound, rather than dropped from the search unseen.
 */
export function amountRangeRule(scale: number, label: Text, locale: Locale): RuleObject {
  const m = messenger(locale, label);
  return {
    validator: async (_rule, value: Bounds) => {
      for (const bound of value ?? []) {
        if (bound === undefined || bound === null || bound === '') continue;
        if (minorUnitsOf(bound) === undefined) throw new Error(/\d/.test(String(bound)) ? m('minorUnits', { scale }) : m('number'));
      }
    },
  };
}
