import { describe, expect, it } from 'vitest';
import { scriptDiff } from '../../../resources/template/scriptDiff';

describe('the script diff between two versions', () => {
  it('marks the lines added and removed, keeping the rest in order', () => {
    const diff = scriptDiff('a\nb\nc\n', 'a\nB\nc\nd\n');
    expect(diff.lines).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'B' },
      { kind: 'same', text: 'c' },
      { kind: 'added', text: 'd' },
    ]);
    expect([diff.added, diff.removed]).toEqual([2, 1]);
  });

  it('finds nothing between the same scripts', () => {
    expect(scriptDiff('x\ny', 'x\ny')).toMatchObject({ added: 0, removed: 0 });
  });
});
