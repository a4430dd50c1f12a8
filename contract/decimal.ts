/**
 * Exact decimals as integer counts of minor units (fen for yuan: scale 2), converted digit by digit:
 * '19.99' is 1999, never 19.99 * 100 (= 1998.9999999999998).
 */

/** The largest count of minor units stored and carried as a JSON number without loss. */
export const MAX_MINOR_UNITS = BigInt(Number.MAX_SAFE_INTEGER);

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * Typed decimal text ('19.99', '-0.5', '1,234.5') as minor units of `scale` decimals, rounded half
 * away from zero past `scale` (as a number input shows it once left); undefined when it is no number.
 */
export function parseMinorUnits(text: string, scale: number): bigint | undefined {
  const match = DECIMAL.exec(text.trim().replace(/,/g, ''));
  if (!match) return undefined;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return undefined;
  const kept = fraction.slice(0, scale).padEnd(scale, '0');
  let units = BigInt(`${whole || '0'}${kept}`);
  if ((fraction[scale] ?? '0') >= '5') units += 1n;
  return sign === '-' ? -units : units;
}

/** Minor units as decimal text with exactly `scale` decimals: 1999 → '19.99', -5 → '-0.05'. */
export function minorUnitsText(units: number | bigint, scale: number): string {
  const value = BigInt(units);
  const digits = (value < 0n ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const text = scale > 0 ? `${whole}.${digits.slice(digits.length - scale)}` : whole;
  return value < 0n ? `-${text}` : text;
}

/** A value as it travels (a number, or integer text) as minor units; undefined when it is not a whole count. */
export function minorUnitsOf(value: unknown): bigint | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : undefined;
  if (typeof value === 'string' && /^\s*-?\d{1,30}\s*$/.test(value)) return BigInt(value.trim());
  return undefined;
}
