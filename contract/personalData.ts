/**
 * Personal data in the logs: its kinds and how each is masked. The kinds of ./masking.ts (phone,
 * e-mail, bank account…) mask as the screens mask them; two more serve the staff record: an ID card
 * number keeps its region and its last four (the birth date between them is hidden), and `hidden`
 * says only that there is a value. Masking a masked value changes nothing.
 */
import { maskValue, type MaskKind } from './masking';

export type PersonalKind = MaskKind | 'idCard' | 'hidden';

export const HIDDEN_VALUE = '******';

function maskIdCard(value: string): string {
  if (value.length < 10) return '****';
  return `${value.slice(0, 6)}****${value.slice(-4)}`;
}

/** The masked form of `value`; missing values stay missing. */
export function maskPersonal(kind: PersonalKind, value: unknown): unknown {
  if (value === null || value === undefined || value === '') return value;
  if (kind === 'hidden') return HIDDEN_VALUE;
  if (kind === 'idCard') return maskIdCard(String(value).trim());
  return maskValue(kind, value);
}
