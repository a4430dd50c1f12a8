/**
 * What the three columns allow for the current selection (SPEC §4 Menu tree selection, §2.10), in
 * the reading of menu types of the sub-system shown (contract/menu.ts).
 */
import { canSitUnder, MenuType, readingRules, type MenuReading, type PermissionNode } from '../../contract/menu';

/**
 * Page elements can be added to the chosen directory when the reading lets a page element sit
 * under its type (SPEC §4: "top-level (parent 0) nodes keep add-page disabled unless menuType is
 * 5"): A, a menu or the home page, not a navigation entry; B, a directory or a top-level directory.
 * Nothing chosen: no.
 */
export function canAddPageElement(directory: Pick<PermissionNode, 'menuType'> | undefined, reading: MenuReading): boolean {
  return !!directory && canSitUnder(reading, MenuType.PAGE_ELEMENT, Number(directory.menuType));
}

/** API elements can be added once a page element row is chosen. */
export function canAddApi(pageElement: Pick<PermissionNode, 'id'> | undefined): boolean {
  return pageElement !== undefined;
}

/** Why add-page-element is off, as a message key (undefined when it is on). */
export function pageElementBlocker(directory: Pick<PermissionNode, 'menuType'> | undefined, reading: MenuReading): 'noDirectory' | 'topLevel' | undefined {
  if (!directory) return 'noDirectory';
  return canAddPageElement(directory, reading) ? undefined : 'topLevel';
}

/** Every dialog of the page adds or edits with one form. */
export type DialogAction = 'create' | 'edit';

export interface TypeChoiceSettings {
  /** The reading of the chosen sub-system: its directory types are the radios, in its order. */
  reading: MenuReading;
  action: DialogAction;
  /** The edited node's type. */
  current?: MenuType;
  /** The chosen app already has a home page (validMenuType answered false; reading A only). */
  isHomeTaken: boolean;
}

/**
 * The type radios (A: navigation, menu, home; B: top-level directory, directory) and which are
 * disabled: editing keeps only the current type; adding disables the home when the app already
 * has one.
 */
export function typeChoices({ reading, action, current, isHomeTaken }: TypeChoiceSettings): Array<{ value: MenuType; disabled: boolean }> {
  const { directoryTypes, homeType } = readingRules[reading];
  return directoryTypes.map((value) => ({
    value,
    disabled: action === 'edit' ? value !== current : value === homeType && isHomeTaken,
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
