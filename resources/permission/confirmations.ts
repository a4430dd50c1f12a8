/** What a delete confirmation asks (SPEC §5 Confirmations): it names the item and what goes with it. */
import type { PermissionNode } from '../../contract/menu';
import type { ElementKind, ElementRow } from './elements';
import { countDescendants } from './tree';

export type DeleteTarget = { kind: 'directory'; node: PermissionNode } | { kind: 'element'; element: ElementKind; row: ElementRow };

/** The message key and its parameters (translated when shown, so an open dialog follows the language). */
export function deleteQuestion(target: DeleteTarget): { key: string; params: Record<string, string | number> } {
  if (target.kind === 'directory') {
    const count = countDescendants(target.node);
    return count
      ? { key: 'permission.delete.directoryWithCount', params: { name: target.node.name, count } }
      : { key: 'permission.delete.directory', params: { name: target.node.name } };
  }
  return { key: target.element === 'page' ? 'permission.delete.page' : 'permission.delete.api', params: { name: target.row.name } };
}
