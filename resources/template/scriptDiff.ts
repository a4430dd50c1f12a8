/** A line diff between two versions of a script, as rows to show (jsdiff's line comparison). */
import { diffLines } from 'diff';

export type DiffLine = { kind: 'same' | 'added' | 'removed'; text: string };

export function scriptDiff(before: string, after: string): { lines: DiffLine[]; added: number; removed: number } {
  const lines: DiffLine[] = [];
  for (const part of diffLines(before, after)) {
    const kind = part.added ? 'added' : part.removed ? 'removed' : 'same';
    // A part ends with its last newline: split it into the lines it holds.
    const texts = part.value.replace(/\n$/, '').split('\n');
    for (const text of texts) lines.push({ kind, text });
  }
  return { lines, added: lines.filter((l) => l.kind === 'added').length, removed: lines.filter((l) => l.kind === 'removed').length };
}
