/**
 * What the three columns allow for the current selection (SPEC §4 Menu tree selection, §2.10).
 */
import { MenuType, ROOT_ID, type PermissionNode } from '../../contract/menu';

/**
 * Page elements can be added to the chosen directory, except to a top-level one (parent 0)
 * unless it is the home page (5). Nothing chosen: no.
 */
export function canAddPageElement(directory: Pick<PermissionNode, 'parentId' | 'menuType'> | undefined): boolean {
  if (!directory) return false;
  return Number(directory.parentId) !== ROOT_ID || Number(directory.menuType) === MenuType.HOME;
}

/** API elements can be added once a page element row is chosen. */
export function canAddApi(pageElement: Pick<PermissionNode, 'id'> | undefined): boolean {
  return pageElement !== undefined;
}

/** Why add-page-element is off, as a message key (undefined when it is on). */
export function pageElementBlocker(directory: Pick<PermissionNode, 'parentId' | 'menuType'> | undefined): 'noDirectory' | 'topLevel' | undefined {
  if (!directory) return 'noDirectory';
  return canAddPageElement(directory) ? undefined : 'topLevel';
}

/** The directory types the menu dialog offers, in order. */
export const DIRECTORY_CHOICES: readonly MenuType[] = [MenuType.NAVIGATION, MenuType.MENU, MenuType.HOME];

/** Every dialog of the page adds or edits with one form. */
export type DialogAction = 'create' | 'edit';

export interface TypeChoiceSettings {
  action: DialogAction;
  /** The edited node's type. */
  current?: MenuType;
  /** The chosen app already has a home page (validMenuType answered false). */
  isHomeTaken: boolean;
}

/**
 * Which type radios are disabled: editing keeps only the current type; adding disables home when
 * the app already has one.
 */
export function typeChoices({ action, current, isHomeTaken }: TypeChoiceSettings): Array<{ value: MenuType; disabled: boolean }> {
  return DIRECTORY_CHOICES.map((value) => ({
    value,
    disabled: action === 'edit' ? value !== current : value === MenuType.HOME && isHomeTaken,
  }));
}

/**
 * The sub-system the page shows: the one named in the address (`?appId=`) when it exists, else
 * the first. Before the list has loaded, a well-formed id from the address is trusted so the tree
 * can load at once (it is checked again when the list arrives).
 */
export function chosenAppId(apps: ReadonlyArray<{ id: number }> | undefined, fromQuery: string | null): number | undefined {
  const wanted = fromQuery !== null && /^\d{1,15}$/.test(fromQuery) && Number(fromQuery) > 0 ? Number(fromQuery) : undefined;
  if (!apps) return wanted;
  if (wanted !== undefined && apps.some((app) => Number(app.id) === wanted)) return wanted;
  const first = apps[0];
  return first === undefined ? undefined : Number(first.id);
}
