/**
 * How personal data is masked before it leaves the server (SPEC: support staff see it masked
 * unless granted reveal). Plain functions: the server applies them, the unit tests pin them.
 */

/** phone: 138****0000; email: z***@example.com; bankAccount: 6222 **** **** 1234; account: an Alipay account (a phone or an e-mail); taxNumber: 9144**********1234. */
export type MaskKind = 'phone' | 'email' | 'bankAccount' | 'account' | 'taxNumber';

const STARS = '****';

function maskPhone(value: string): string {
  if (value.length < 7) return STARS;
  return `${value.slice(0, 3)}${STARS}${value.slice(-4)}`;
}

function maskEmail(value: string): string {
  const at = value.lastIndexOf('@');
  if (at < 1) return STARS;
  return `${value[0]}***${value.slice(at)}`;
}

function maskBankAccount(value: string): string {
  const digits = value.replace(/\s+/g, '');
  if (digits.length < 8) return STARS;
  return `${digits.slice(0, 4)} **** **** ${digits.slice(-4)}`;
}

function maskTaxNumber(value: string): string {
  if (value.length < 8) return STARS;
  return `${value.slice(0, 4)}${'*'.repeat(value.length - 8)}${value.slice(-4)}`;
}

/** The masked form of `value`; missing values stay missing (the screen shows '--'). */
export function maskValue(kind: MaskKind, value: unknown): unknown {
  if (value === null || value === undefined || value === '') return value;
  const text = String(value).trim();
  switch (kind) {
    case 'phone':
      return maskPhone(text);
    case 'email':
      return maskEmail(text);
    case 'bankAccount':
      return maskBankAccount(text);
    case 'account':
      return text.includes('@') ? maskEmail(text) : maskPhone(text);
    case 'taxNumber':
      return maskTaxNumber(text);
  }
}

/** A copy of `record` with the listed fields masked. */
export function maskRecord<R extends Record<string, unknown>>(record: R, masked: Readonly<Record<string, MaskKind | undefined>>): R {
  const copy: Record<string, unknown> = { ...record };
  for (const [field, kind] of Object.entries(masked)) {
    if (kind && field in copy) copy[field] = maskValue(kind, copy[field]);
  }
  return copy as R;
}
