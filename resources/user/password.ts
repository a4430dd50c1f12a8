/**
 * Temporary passwords for a reset (SPEC §4): four pairs of a digit then a lowercase letter, drawn
 * from a cryptographic source (crypto.getRandomValues exists on plain http too).
 */

/** Fills the array with random bytes and answers it (the shape of crypto.getRandomValues). */
export type RandomSource = (bytes: Uint8Array) => Uint8Array;

export const TEMPORARY_PASSWORD_PATTERN = /^(?:\d[a-z]){4}$/;

const DIGITS = '0123456789';
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const PAIRS = 4;
/** A source answering only unusable bytes this often in a row is broken, not unlucky. */
const MAX_REJECTIONS = 1000;

/** One character of `alphabet`, uniform: bytes past the last whole multiple of its length are drawn again. */
function pick(alphabet: string, nextByte: () => number): string {
  const limit = 256 - (256 % alphabet.length);
  for (let tries = 0; tries < MAX_REJECTIONS; tries++) {
    const byte = nextByte();
    if (byte < limit) return alphabet[byte % alphabet.length]!;
  }
  throw new Error('The random source keeps answering unusable bytes');
}

export function generateTemporaryPassword(random: RandomSource = (bytes) => crypto.getRandomValues(bytes)): string {
  const buffer = new Uint8Array(16);
  let used = buffer.length;
  const nextByte = () => {
    if (used === buffer.length) {
      random(buffer);
      used = 0;
    }
    return buffer[used++]!;
  };
  let password = '';
  for (let i = 0; i < PAIRS; i++) password += pick(DIGITS, nextByte) + pick(LETTERS, nextByte);
  return password;
}
