/**
 * This process's password attempts per throttle key within the window, kept in memory. Every one
 * of them is also in the database, so a key over its limit here is over it there too: such an
 * attempt is refused before any query, and a burst does not queue other logins behind its own
 * database work. Only the newest `limit + 1` times per key are kept (enough to tell "over the
 * limit"), and at most `maxKeys` keys, the least recently used going first: an undercount is
 * harmless, the database still decides every attempt this does not refuse.
 */
export interface RecentAttempts {
  /** Adds an attempt of `key` now; answers whether the key is now over `limit` within the window. */
  isOverAfterAdding(key: string, limit: number): boolean;
  /** Forgets the key's attempts (a success forgives them). */
  forget(key: string): void;
  /** Forgets the key's newest attempt. */
  forgetOne(key: string): void;
}

export function createRecentAttempts(windowMs: number, now: () => number, maxKeys = 10_000): RecentAttempts {
  const times = new Map<string, number[]>();

  return {
    isOverAfterAdding(key, limit) {
      const time = now();
      const kept = (times.get(key) ?? []).filter((t) => t > time - windowMs);
      kept.push(time);
      if (kept.length > limit + 1) kept.shift();
      times.delete(key);
      times.set(key, kept);
      if (times.size > maxKeys) times.delete(times.keys().next().value!);
      return kept.length > limit;
    },

    forget(key) {
      times.delete(key);
    },

    forgetOne(key) {
      times.get(key)?.pop();
    },
  };
}
