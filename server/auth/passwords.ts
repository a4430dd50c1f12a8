/**
 * Passwords arrive as the lowercase hex SHA-256 of the typed text; the server keeps only a salted
 * scrypt of that value, stored as `scrypt$N$r$p$salt$hash` (salt and hash base64url).
 */
import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(secret: string, salt: Buffer, options: { N: number; r: number; p: number }): Promise<Buffer> {
  const params: ScryptOptions = { ...options, maxmem: 256 * options.N * options.r };
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, KEY_LENGTH, params, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** What the browser sends for a typed password. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export async function hashPassword(passwordSha256: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(passwordSha256, salt, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface Parsed {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): Parsed | undefined {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return undefined;
  const parsed = { N: Number(n), r: Number(r), p: Number(p), salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
  const valid = [parsed.N, parsed.r, parsed.p].every((v) => Number.isInteger(v) && v > 0) && parsed.key.length === KEY_LENGTH;
  return valid ? parsed : undefined;
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a stored hash (unknown user) it still spends
 * the same scrypt work against a dummy, so timing does not tell which usernames exist.
 */
export async function verifyPassword(stored: string | undefined, passwordSha256: string): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(32).toString('hex'));
  const parsed = parse(stored ?? (await dummyHash));
  if (!parsed) return false;
  const key = await derive(passwordSha256, parsed.salt, parsed);
  return timingSafeEqual(key, parsed.key) && stored !== undefined;
}
