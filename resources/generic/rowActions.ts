/**
 * Row actions (`definition.rowActions`): extra buttons per row, each opening a bespoke dialog that
 * the dialog registry (resources/dialogs.ts) names. A dialog module loads on first use.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ResourceDefinition, RowAction } from '../define';
import type { Row } from './rowTypes';

/** What every row-action dialog receives. */
export interface RowActionDialogProps {
  definition: ResourceDefinition;
  /** The row the action was taken on, as the list call answered it. */
  record: Row;
  open: boolean;
  onClose: () => void;
  /** After the closing animation: the dialog may be unmounted. */
  afterClose: () => void;
  /**
   * Opens another row action of the same row in place of this dialog; only the actions the
   * caller may use are offered (`canOpen`).
   */
  openAction: (action: string) => void;
  canOpen: (action: string) => boolean;
}

export type RowActionDialog = ComponentType<RowActionDialogProps>;

export interface DialogEntry {
  /** Loads the dialog's module (its default export is the dialog). */
  load: () => Promise<{ default: RowActionDialog }>;
  /** The row button's icon. */
  icon: ComponentType;
}

/** Dialog name (`rowActions[].dialog`) → how to load and show it. */
export type DialogRegistry = ReadonlyMap<string, DialogEntry>;

const components = new WeakMap<DialogEntry, LazyExoticComponent<RowActionDialog>>();

/** The lazily loaded component of a dialog entry (one per entry, so React keeps its state). */
export function dialogComponent(entry: DialogEntry): LazyExoticComponent<RowActionDialog> {
  let component = components.get(entry);
  if (!component) components.set(entry, (component = lazy(entry.load)));
  return component;
}

/** The declared row actions whose dialog is registered, each with its entry. */
export function registeredRowActions(definition: Pick<ResourceDefinition, 'name' | 'rowActions'>, dialogs: DialogRegistry | undefined): Array<{ action: RowAction; entry: DialogEntry }> {
  return (definition.rowActions ?? []).flatMap((action) => {
    const entry = dialogs?.get(action.dialog);
    if (!entry) {
      if (import.meta.env.DEV) console.warn(`[rowActions] "${definition.name}:${action.action}" names the dialog "${action.dialog}", which the dialog registry (resources/dialogs.ts) lacks`);
      return [];
    }
    return [{ action, entry }];
  });
}
