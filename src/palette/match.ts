/**
 * How the command palette matches what is typed against titles and record names: in either
 * language, and Chinese text also by its pinyin, whole or by initials (`rylb` finds 人员列表,
 * `renyuan` and `renyl` too). Loaded with the palette only: pinyin-pro's dictionary is large.
 *
 * A text matches in one of three tiers, best first:
 * 0. it starts with what was typed (any case);
 * 1. its pinyin starts with it, each syllable typed whole or in part (initials);
 * 2. it holds it anywhere, or its pinyin does from a later syllable.
 * Items rank by their best text's tier; ties keep their given order (the menu's order).
 */
import { pinyin } from 'pinyin-pro';

export type Tier = 0 | 1 | 2;

const HAN = /\p{Script=Han}/u;
/** What the pinyin of a text holds besides letters and digits (spaces, punctuation) is skipped. */
const NOT_ALPHANUMERIC = /[^a-z0-9]/g;

/** Syllables of texts already read, so that typing does not ask pinyin-pro again for each key. */
const syllableCache = new Map<string, readonly string[]>();
/** Record names come and go with the list: the cache is dropped past this many texts. */
const CACHE_LIMIT = 5000;

/** The pinyin syllables of a text holding Chinese (no tones, ü as v), lower case; non-Chinese characters as they are. */
export function syllablesOf(text: string): readonly string[] {
  let syllables = syllableCache.get(text);
  if (syllables) return syllables;
  syllables = pinyin(text, { toneType: 'none', type: 'array', v: true })
    .map((syllable) => syllable.toLowerCase().replace(NOT_ALPHANUMERIC, ''))
    .filter((syllable) => syllable !== '');
  if (syllableCache.size >= CACHE_LIMIT) syllableCache.clear();
  syllableCache.set(text, syllables);
  return syllables;
}

/**
 * Whether `typed` reads as the syllables from `start` on, each given whole or by its first letters
 * (at least one), in order. Failed (syllable, position) pairs are remembered, so a long name costs
 * syllables × typed length at most.
 */
function typedAsSyllables(syllables: readonly string[], typed: string, start: number): boolean {
  const failed = new Set<number>();
  const from = (s: number, p: number): boolean => {
    if (p === typed.length) return true;
    if (s === syllables.length) return false;
    const key = s * (typed.length + 1) + p;
    if (failed.has(key)) return false;
    const syllable = syllables[s]!;
    for (let k = Math.min(syllable.length, typed.length - p); k >= 1; k--) {
      if (typed.startsWith(syllable.slice(0, k), p) && from(s + 1, p + k)) return true;
    }
    failed.add(key);
    return false;
  };
  return from(start, 0);
}

/** The search text as compared: trimmed, lower case. */
export function normaliseQuery(query: string): string {
  return query.trim().toLowerCase();
}

/** The tier at which one text matches the (normalised) query, or undefined. */
function textTier(text: string, query: string): Tier | undefined {
  const lower = text.toLowerCase();
  if (lower.startsWith(query)) return 0;
  let tier: Tier | undefined = lower.includes(query) ? 2 : undefined;
  if (HAN.test(text)) {
    const typed = query.replace(NOT_ALPHANUMERIC, '');
    if (typed === '') return tier;
    const syllables = syllablesOf(text);
    if (typedAsSyllables(syllables, typed, 0)) return 1;
    if (tier === undefined && syllables.some((_, s) => s > 0 && typedAsSyllables(syllables, typed, s))) tier = 2;
  }
  return tier;
}

/** The best tier at which any of `texts` matches `query` (normalised or not); an empty query matches at 0. */
export function matchTier(texts: readonly string[], query: string): Tier | undefined {
  const normalised = normaliseQuery(query);
  if (normalised === '') return 0;
  let best: Tier | undefined;
  for (const text of texts) {
    if (!text) continue;
    const tier = textTier(text, normalised);
    if (tier !== undefined && (best === undefined || tier < best)) best = tier;
    if (best === 0) break;
  }
  return best;
}

/** The items any of whose texts match `query`, best tier first, ties in their given order. */
export function rankMatches<T>(items: readonly T[], textsOf: (item: T) => readonly string[], query: string): T[] {
  const matched: Array<{ item: T; tier: Tier; index: number }> = [];
  items.forEach((item, index) => {
    const tier = matchTier(textsOf(item), query);
    if (tier !== undefined) matched.push({ item, tier, index });
  });
  // Array.prototype.sort is stable; the index makes the order plain anyway.
  return matched.sort((a, b) => a.tier - b.tier || a.index - b.index).map(({ item }) => item);
}
