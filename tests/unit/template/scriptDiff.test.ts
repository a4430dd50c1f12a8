import { describe, expect, it } from 'vitest';
import { scriptDiff } from '../../../resources/template/scriptDiff';

/** A script of `count` distinct lines, each `salt` + its number, padded so 30,000 lines come near 200,000 characters. */
function script(count: number, salt: string): string {
  return Array.from({ length: count }, (_, index) => `${salt}${index}`.padEnd(5, '_')).join('\n') + '\n';
}

describe('the script diff between two versions', () => {
  it('marks the lines added and removed, keeping the rest in order', () => {
    const diff = scriptDiff('a\nb\nc\n', 'a\nB\nc\nd\n');
    expect(diff).toEqual({
      tooDifferent: false,
      lines: [
        { kind: 'same', text: 'a' },
        { kind: 'removed', text: 'b' },
        { kind: 'added', text: 'B' },
        { kind: 'same', text: 'c' },
        { kind: 'added', text: 'd' },
      ],
      added: 2,
      removed: 1,
    });
  });

  it('finds nothing between the same scripts', () => {
    expect(scriptDiff('x\ny', 'x\ny')).toMatchObject({ added: 0, removed: 0 });
  });

  it('answers "too different" for two 200,000-character scripts of 30,000 unique lines (the diff bomb of the review)', () => {
    const before = script(30_000, 'a');
    const after = script(30_000, 'b');
    expect(before.length).toBeGreaterThan(199_000);
    expect(before.length).toBeLessThanOrEqual(200_000);
    expect(scriptDiff(before, after)).toEqual({ tooDifferent: true });
  });

  it('answers "too different" when the same lines come in another order', () => {
    const before = script(30_000, 'a');
    const reversed = before.trimEnd().split('\n').reverse().join('\n') + '\n';
    expect(scriptDiff(before, reversed)).toEqual({ tooDifferent: true });
  });

  it('still shows an ordinary edit of a long script: the changed lines with three lines around them, the rest folded', () => {
    const before = script(30_000, 'a');
    const after = before.replace('a15000\n', 'changed\n').replace('a29999\n', 'a29999\nappended\n');
    const diff = scriptDiff(before, after);
    expect(diff).toEqual({
      tooDifferent: false,
      added: 2,
      removed: 1,
      lines: [
        { kind: 'folded', count: 14_997 },
        { kind: 'same', text: 'a14997' },
        { kind: 'same', text: 'a14998' },
        { kind: 'same', text: 'a14999' },
        { kind: 'removed', text: 'a15000' },
        { kind: 'added', text: 'changed' },
        { kind: 'same', text: 'a15001' },
        { kind: 'same', text: 'a15002' },
        { kind: 'same', text: 'a15003' },
        { kind: 'folded', count: 14_993 },
        { kind: 'same', text: 'a29997' },
        { kind: 'same', text: 'a29998' },
        { kind: 'same', text: 'a29999' },
        { kind: 'added', text: 'appended' },
      ],
    });
  });

  it('folds no single line: a gap of seven unchanged lines between two changes is shown whole', () => {
    const before = script(9, 'a');
    const after = before.replace('a0___', 'x').replace('a8___', 'y');
    const diff = scriptDiff(before, after);
    expect(diff.tooDifferent).toBe(false);
    if (!diff.tooDifferent) expect(diff.lines.filter((line) => line.kind === 'same')).toHaveLength(7);
  });
});
