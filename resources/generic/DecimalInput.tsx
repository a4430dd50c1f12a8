import { InputNumber } from 'antd';
import { MAX_MINOR_UNITS, minorUnitsOf, minorUnitsText, parseMinorUnits } from '../../contract/decimal';

interface Props {
  /** Decimals of the major unit (2: yuan and fen). */
  scale: number;
  disabled?: boolean;
  placeholder?: string;
  // Injected by the Form.Item around it: the value is the count of minor units, as it travels.
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

/**
 * What the form holds for the typed text: its count of minor units, read digit by digit; text the
 * rule must refuse (too many decimals, beyond what a number holds) stays text, so it says why.
 */
export function typedMinorUnits(typed: string | null, scale: number): unknown {
  if (typed === null || typed.trim() === '') return undefined;
  const units = parseMinorUnits(typed, scale);
  const decimals = /\.(\d*)$/.exec(typed.trim())?.[1]?.length ?? 0;
  if (units === undefined || decimals > scale) return typed.trim();
  return units > MAX_MINOR_UNITS || units < -MAX_MINOR_UNITS ? units.toString() : Number(units);
}

/** An amount typed in major units (yuan) and held as minor units (fen): 19.99 → 1999, exactly. */
export function DecimalInput({ scale, value, onChange, ...input }: Props) {
  const units = minorUnitsOf(value);
  const text = units !== undefined ? minorUnitsText(units, scale) : typeof value === 'string' ? value : null;
  return (
    <InputNumber<string>
      {...input}
      // Text in, text out: no float ever holds the amount.
      stringMode
      step={scale > 0 ? `0.${'1'.padStart(scale, '0')}` : '1'}
      value={text}
      onChange={(typed) => onChange?.(typedMinorUnits(typed, scale))}
      className="generic-number"
    />
  );
}
