/**
 * Passwords travel as the lowercase hex SHA-256 of the typed text (login, reset). Pure JS
 * (@noble/hashes), because crypto.subtle is missing on plain-http intranet hosts.
 */
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

export function hashPassword(typed: string): string {
  return bytesToHex(sha256(utf8ToBytes(typed)));
}
