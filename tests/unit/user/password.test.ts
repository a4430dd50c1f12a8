import { describe, expect, it, vi } from 'vitest';
import { generateTemporaryPassword, TEMPORARY_PASSWORD_PATTERN, type RandomSource } from '../../../resources/user/password';

/** A random source answering `bytes` in order (then zeros), recording each call. */
function scripted(bytes: number[]) {
  const queue = [...bytes];
  const source = vi.fn<RandomSource>((buffer) => {
    for (let i = 0; i < buffer.length; i++) buffer[i] = queue.shift() ?? 0;
    return buffer;
  });
  return source;
}

describe('temporary password', () => {
  it('is four pairs of a digit then a lowercase letter', () => {
    for (let i = 0; i < 200; i++) {
      const password = generateTemporaryPassword();
      expect(password).toHaveLength(8);
      expect(password).toMatch(TEMPORARY_PASSWORD_PATTERN);
    }
  });

  it('draws every character from the injected random source', () => {
    const source = scripted([3, 0, 7, 25, 9, 1, 4, 2]);
    expect(generateTemporaryPassword(source)).toBe('3a7z9b4c');
    expect(source).toHaveBeenCalled();
    expect(source.mock.calls[0]![0]).toBeInstanceOf(Uint8Array);
  });

  it('draws again rather than favour some characters (no modulo bias)', () => {
    // 250..255 would favour digits 0..5, 234..255 letters a..v: they are skipped.
    const source = scripted([250, 255, 5, 234, 255, 26, 249, 233, 0, 0, 1, 1]);
    expect(generateTemporaryPassword(source)).toBe('5a9z0a1b');
  });

  it('asks the source for more bytes when it runs out', () => {
    const source = scripted([...Array<number>(15).fill(255), 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(generateTemporaryPassword(source)).toBe('1c3e5g7i');
    expect(source.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a broken source instead of looping forever', () => {
    expect(() => generateTemporaryPassword((buffer) => buffer.fill(255))).toThrow();
  });

  it('spreads over every digit and letter at every position', () => {
    const digits = new Map<string, number>();
    const letters = new Map<string, number>();
    const positions = Array.from({ length: 8 }, () => new Set<string>());
    const runs = 5000;
    for (let i = 0; i < runs; i++) {
      const password = generateTemporaryPassword();
      [...password].forEach((char, position) => {
        positions[position]!.add(char);
        const counts = position % 2 === 0 ? digits : letters;
        counts.set(char, (counts.get(char) ?? 0) + 1);
      });
    }
    expect(digits.size).toBe(10);
    expect(letters.size).toBe(26);
    positions.forEach((seen, position) => expect(seen.size).toBe(position % 2 === 0 ? 10 : 26));
    // 20,000 draws each: about 2,000 per digit and 769 per letter; far tighter than ±20% in practice.
    for (const count of digits.values()) expect(Math.abs(count - (runs * 4) / 10)).toBeLessThan((runs * 4 * 0.2) / 10);
    for (const count of letters.values()) expect(Math.abs(count - (runs * 4) / 26)).toBeLessThan((runs * 4 * 0.2) / 26);
  });
});
