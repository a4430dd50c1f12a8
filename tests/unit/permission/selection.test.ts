import { describe, expect, it } from 'vitest';
import { MenuType } from '../../../contract/menu';
import { canAddApi, canAddPageElement, chosenAppId, pageElementBlocker, typeChoices } from '../../../resources/permission/selection';

describe('menu tree selection (SPEC §4)', () => {
  it('enables add-page-element for a chosen menu below the top level (reading A)', () => {
    expect(canAddPageElement({ menuType: MenuType.MENU }, 'A')).toBe(true);
    expect(pageElementBlocker({ menuType: MenuType.MENU }, 'A')).toBeUndefined();
  });

  it('keeps add-page-element disabled for top-level nodes unless they are the home page (reading A)', () => {
    expect(canAddPageElement({ menuType: MenuType.NAVIGATION }, 'A')).toBe(false);
    expect(canAddPageElement({ menuType: MenuType.HOME }, 'A')).toBe(true);
    expect(pageElementBlocker({ menuType: MenuType.NAVIGATION }, 'A')).toBe('topLevel');
  });

  it('enables add-page-element for a directory and for a top-level directory (5), in reading B', () => {
    expect(canAddPageElement({ menuType: MenuType.MENU }, 'B')).toBe(true);
    expect(canAddPageElement({ menuType: MenuType.HOME }, 'B')).toBe(true);
    expect(pageElementBlocker({ menuType: MenuType.HOME }, 'B')).toBeUndefined();
    // A navigation entry is no type of reading B: nothing may be added below one.
    expect(pageElementBlocker({ menuType: MenuType.NAVIGATION }, 'B')).toBe('topLevel');
  });

  it('reads types sent as strings', () => {
    expect(canAddPageElement({ menuType: '5' as unknown as MenuType }, 'A')).toBe(true);
    expect(canAddPageElement({ menuType: '3' as unknown as MenuType }, 'A')).toBe(false);
  });

  it('disables both adds when nothing is chosen', () => {
    expect(canAddPageElement(undefined, 'A')).toBe(false);
    expect(canAddPageElement(undefined, 'B')).toBe(false);
    expect(pageElementBlocker(undefined, 'B')).toBe('noDirectory');
    expect(canAddApi(undefined)).toBe(false);
  });

  it('enables add-API once a page element row is chosen', () => {
    expect(canAddApi({ id: 20 })).toBe(true);
  });
});

describe('menu dialog type radios (SPEC §2.10)', () => {
  const disabled = (choices: ReturnType<typeof typeChoices>) => choices.filter((c) => c.disabled).map((c) => c.value);

  it('offers navigation, menu and home, in that order, in reading A', () => {
    expect(typeChoices({ reading: 'A', action: 'create', isHomeTaken: false }).map((c) => c.value)).toEqual([3, 4, 5]);
    expect(disabled(typeChoices({ reading: 'A', action: 'create', isHomeTaken: false }))).toEqual([]);
  });

  it('offers top-level directory and directory, in that order, in reading B', () => {
    expect(typeChoices({ reading: 'B', action: 'create', isHomeTaken: false }).map((c) => c.value)).toEqual([5, 4]);
  });

  it('disables home on add when the app already has one (A); reading B has no home to take', () => {
    expect(disabled(typeChoices({ reading: 'A', action: 'create', isHomeTaken: true }))).toEqual([MenuType.HOME]);
    expect(disabled(typeChoices({ reading: 'B', action: 'create', isHomeTaken: true }))).toEqual([]);
  });

  it('disables every type but the current one on edit', () => {
    expect(disabled(typeChoices({ reading: 'A', action: 'edit', current: MenuType.MENU, isHomeTaken: false }))).toEqual([3, 5]);
    // Editing the home page itself keeps its own radio, whatever validMenuType says.
    expect(disabled(typeChoices({ reading: 'A', action: 'edit', current: MenuType.HOME, isHomeTaken: true }))).toEqual([3, 4]);
    expect(disabled(typeChoices({ reading: 'B', action: 'edit', current: MenuType.MENU, isHomeTaken: false }))).toEqual([5]);
    expect(disabled(typeChoices({ reading: 'B', action: 'edit', current: MenuType.HOME, isHomeTaken: false }))).toEqual([4]);
  });
});

describe('the sub-system the page shows', () => {
  const apps = [{ id: 1 }, { id: 2 }];

  it('takes the app named in the address when it exists, else the first', () => {
    expect(chosenAppId(apps, '2')).toBe(2);
    expect(chosenAppId(apps, null)).toBe(1);
    expect(chosenAppId(apps, '99')).toBe(1);
    expect(chosenAppId(apps, 'abc')).toBe(1);
  });

  it('trusts a well-formed id from the address before the list arrives', () => {
    expect(chosenAppId(undefined, '2')).toBe(2);
    expect(chosenAppId(undefined, '-1')).toBeUndefined();
    expect(chosenAppId(undefined, null)).toBeUndefined();
  });

  it('has none when there are no apps', () => {
    expect(chosenAppId([], '1')).toBeUndefined();
  });
});
