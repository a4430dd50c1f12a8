/**
 * How personal data is masked before it leaves the server (SPEC: support staff see it masked
 * unless granted reveal). Plain functions: the server applies them, the unit tests pin them.
 */

/**
 * phone: 138****0000; email: z***@example.com; bankAccount: 6222 **** **** 1234; account: an Alipay
 * account (a phone or an e-mail); taxNumber: 9144**********1234; qq: 10****93; address: the words
 * before the first number, at most four characters (人民路****); personName: the first character
 * (王**).
 */
export type MaskKind = 'phone' | 'email' | 'bankAccount' | 'account' | 'taxNumber' | 'qq' | 'address' | 'personName';

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

function maskQq(value: string): string {
  // Short numbers show nothing: two digits at each end would leave too few hidden.
  if (value.length < 8) return STARS;
  return `${value.slice(0, 2)}${STARS}${value.slice(-2)}`;
}

/** Street and house numbers are what locate someone: only the leading words stay, never a digit. */
function maskAddress(value: string): string {
  // Stars end the lead too, so a masked address masks to itself.
  const lead = /^[^\d０-９*]*/.exec(value)?.[0] ?? '';
  return `${[...lead.trim()].slice(0, 4).join('')}${STARS}`;
}

/** The surname stays (the way names are shown on parcels); the length of the rest does not. */
function maskPersonName(value: string): string {
  const characters = [...value];
  return characters.length < 2 || characters[0] === '*' ? '**' : `${characters[0]}**`;
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
    case 'qq':
      return maskQq(text);
    case 'address':
      return maskAddress(text);
    case 'personName':
      return maskPersonName(text);
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
