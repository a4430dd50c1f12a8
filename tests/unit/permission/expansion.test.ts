import { describe, expect, it } from 'vitest';
import { NOTHING_SEEN, openGrownParents } from '../../../resources/permission/expansion';

interface Node {
  id: number;
  children: Node[];
}
const node = (id: number, children: Node[] = []): Node => ({ id, children });

describe('which directory nodes stand open', () => {
  it('opens every parent at first, and a parent that gains a child later, keeping what the user closed', () => {
    const first = openGrownParents(NOTHING_SEEN, [node(1, [node(2, [node(3)]), node(4)])]);
    expect([...first.expanded].sort()).toEqual([1, 2]);
    // The user closes 2; a child is added under the leaf 4 (the defect: 4 stayed closed).
    const closed = { ...first, expanded: [1] };
    const after = openGrownParents(closed, [node(1, [node(2, [node(3)]), node(4, [node(5)])])]);
    expect([...after.expanded].sort()).toEqual([1, 4]);
    // Reloading the same tree opens nothing more.
    expect(openGrownParents(after, [node(1, [node(2, [node(3)]), node(4, [node(5)])])]).expanded).toEqual(after.expanded);
  });
});
