/** Reads antd Tree nodes in a dialog by their title (PermissionNodeTitle's name). */
import { fireEvent } from '@testing-library/react';

export function treeNode(container: ParentNode, name: string): HTMLElement {
  const title = [...container.querySelectorAll('.role-node__name')].find((el) => el.textContent === name);
  const node = title?.closest<HTMLElement>('.ant-tree-treenode');
  if (!node) throw new Error(`No tree node "${name}"`);
  return node;
}

export function hasNode(container: ParentNode, name: string): boolean {
  return [...container.querySelectorAll('.role-node__name')].some((el) => el.textContent === name && (el.closest<HTMLElement>('.ant-tree-treenode')?.style.display ?? '') !== 'none');
}

/** Visible node names, in order. */
export function nodeNames(container: ParentNode): string[] {
  // antd also renders a hidden, title-less node to measure with.
  return [...container.querySelectorAll<HTMLElement>('.ant-tree-treenode')]
    .filter((node) => node.style.display !== 'none' && node.querySelector('.role-node__name'))
    .map((node) => node.querySelector('.role-node__name')?.textContent ?? '');
}

export type CheckState = 'checked' | 'half' | 'unchecked';

export function checkState(container: ParentNode, name: string): CheckState {
  const box = treeNode(container, name).querySelector('.ant-tree-checkbox');
  if (!box) throw new Error(`Tree node "${name}" has no checkbox`);
  if (box.classList.contains('ant-tree-checkbox-checked')) return 'checked';
  if (box.classList.contains('ant-tree-checkbox-indeterminate')) return 'half';
  return 'unchecked';
}

export function toggle(container: ParentNode, name: string): void {
  fireEvent.click(treeNode(container, name).querySelector('.ant-tree-checkbox')!);
}
