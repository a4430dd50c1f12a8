/**
 * A line diff between two versions of a script, as rows to show (jsdiff's line comparison), with a
 * bounded cost: it runs on the browser's main thread, and two scripts of 200,000 characters (the
 * most the server accepts) with nothing in common would cost Myers' algorithm minutes. Past
 * MAX_DIFF_CHANGES changed lines the answer is "too different to compare", found in linear time
 * when the lines themselves differ that much, else by jsdiff giving up at that edit length.
 */
import { diffLines } from 'diff';

/** Most lines added plus removed that a diff shows; beyond it the versions are too different. */
export const MAX_DIFF_CHANGES = 1000;
/** A backstop for a slow machine: the diff gives up after this long even below MAX_DIFF_CHANGES. */
const DIFF_TIMEOUT_MS = 250;
/** Unchanged lines shown on each side of a change; longer unchanged runs fold into one row. */
export const CONTEXT_LINES = 3;

export type DiffLine = { kind: 'same' | 'added' | 'removed'; text: string } | { kind: 'folded'; count: number };
export type ScriptDiff = { tooDifferent: true } | { tooDifferent: false; lines: DiffLine[]; added: number; removed: number };

/** A lower bound of the lines to add and remove: each line of one side without a twin on the other costs one. */
function unmatchedLines(before: string, after: string): number {
  const balance = new Map<string, number>();
  for (const line of before.split('\n')) balance.set(line, (balance.get(line) ?? 0) + 1);
  for (const line of after.split('\n')) balance.set(line, (balance.get(line) ?? 0) - 1);
  let unmatched = 0;
  for (const count of balance.values()) unmatched += Math.abs(count);
  return unmatched;
}

/** The unchanged lines to show of a run: its edges next to a change, the middle folded when that hides two lines or more. */
function unchanged(texts: string[], isFirst: boolean, isLast: boolean): DiffLine[] {
  const head = isFirst ? 0 : CONTEXT_LINES;
  const tail = isLast ? 0 : CONTEXT_LINES;
  const same = (text: string): DiffLine => ({ kind: 'same', text });
  if (texts.length - head - tail < 2) return texts.map(same);
  return [...texts.slice(0, head).map(same), { kind: 'folded', count: texts.length - head - tail }, ...texts.slice(texts.length - tail).map(same)];
}

export function scriptDiff(before: string, after: string): ScriptDiff {
  if (unmatchedLines(before, after) > MAX_DIFF_CHANGES) return { tooDifferent: true };
  const parts = diffLines(before, after, { maxEditLength: MAX_DIFF_CHANGES, timeout: DIFF_TIMEOUT_MS });
  if (!parts) return { tooDifferent: true };

  const lines: DiffLine[] = [];
  let added = 0;
  let removed = 0;
  parts.forEach((part, index) => {
    // A part ends with its last newline: split it into the lines it holds.
    const texts = part.value.replace(/\n$/, '').split('\n');
    if (part.added) added += texts.length;
    if (part.removed) removed += texts.length;
    if (part.added || part.removed) {
      for (const text of texts) lines.push({ kind: part.added ? 'added' : 'removed', text });
    } else {
      lines.push(...unchanged(texts, index === 0, index === parts.length - 1));
    }
  });
  return { tooDifferent: false, lines, added, removed };
}
