/**
 * New passwords the server refuses: the empty string, every single character, and a short list of
 * the most common passwords (the top of public leak lists, plus patterns common here: repeated
 * and lucky digits, pinyin). Passwords travel as their SHA-256, so the list is kept as hashes.
 * The console asks for at least 6 characters already; this catches clients that do not.
 */
import { sha256Hex } from './passwords';

const COMMON = [
  '123456', '1234567', '12345678', '123456789', '1234567890', '0123456789', '987654321', '654321', '123123', '123321',
  '111111', '000000', '666666', '888888', '8888888', '88888888', '999999', '112233', '121212', '147258', '147258369',
  '159357', '5201314', '520520', '1314520', '11111111', '00000000', '12341234', '123qwe', 'qwe123', 'qwerty', 'qwerty123',
  'qwertyuiop', 'asdfgh', 'asdfghjkl', 'zxcvbnm', '1qaz2wsx', '1q2w3e4r', '1q2w3e', 'q1w2e3r4', 'qazwsx', 'abc123', 'abc123456',
  'a123456', 'a12345678', 'aa123456', 'a1b2c3', 'a1b2c3d4', 'abcdef', 'abcd1234', 'password', 'password1', 'password123',
  'passw0rd', 'p@ssw0rd', 'P@ssw0rd', 'Password1', 'admin', 'admin123', 'admin888', 'administrator', 'root', 'root123',
  'test', 'test123', 'guest', 'welcome', 'letmein', 'iloveyou', 'monkey', 'dragon', 'sunshine', 'princess', 'football',
  'baseball', 'superman', 'woaini', 'woaini1314', 'woaini520', 'wodemima', 'mima123', 'zhang123', 'wang123', 'li123456',
  'changeme', 'default', 'secret', 'master', 'login', 'user', 'user123', 'staff', 'staff123',
];

const PRINTABLE_ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));

const WEAK_HASHES: ReadonlySet<string> = new Set(['', ...PRINTABLE_ASCII, ...COMMON].map(sha256Hex));

/** Whether the SHA-256 (lowercase hex) is that of an empty, one-character or common password. */
export function isWeakPasswordHash(passwordSha256: string): boolean {
  return WEAK_HASHES.has(passwordSha256);
}
