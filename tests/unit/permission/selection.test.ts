import { describe, expect, it } from 'vitest';
import { MenuType } from '../../../contract/menu';
import { canAddApi, canAddPageElement, chosenAppId, pageElementBlocker, typeChoices } from '../../../resources/permission/selection';

describe('menu tree selection (SPEC §4)', () => {
  it('enables add-page-element for a chosen directory below the top level', () => {
    expect(canAddPageElement({ parentId: 11, menuType: MenuType.MENU })).toBe(true);
    expect(canAddPageElement({ parentId: 12, menuType: MenuType.MENU })).toBe(true);
    expect(pageElementBlocker({ parentId: 11, menuType: MenuType.MENU })).toBeUndefined();
  });

  it('keeps add-page-element disabled for top-level nodes unless they are the home page', () => {
    expect(canAddPageElement({ parentId: 0, menuType: MenuType.NAVIGATION })).toBe(false);
    expect(canAddPageElement({ parentId: 0, menuType: MenuType.MENU })).toBe(false);
    expect(canAddPageElement({ parentId: 0, menuType: MenuType.HOME })).toBe(true);
    expect(pageElementBlocker({ parentId: 0, menuType: MenuType.NAVIGATION })).toBe('topLevel');
  });

  it('reads types and parents sent as strings', () => {
    expect(canAddPageElement({ parentId: '0' as unknown as number, menuType: '5' as unknown as MenuType })).toBe(true);
    expect(canAddPageElement({ parentId: '0' as unknown as number, menuType: '3' as unknown as MenuType })).toBe(false);
  });

  it('disables both adds when nothing is chosen', () => {
    expect(canAddPageElement(undefined)).toBe(false);
    expect(pageElementBlocker(undefined)).toBe('noDirectory');
    expect(canAddApi(undefined)).toBe(false);
  });

  it('enables add-API once a page element row is chosen', () => {
    expect(canAddApi({ id: 20 })).toBe(true);
  });
});

describe('menu dialog type radios (SPEC §2.10)', () => {
  const disabled = (choices: ReturnType<typeof typeChoices>) => choices.filter((c) => c.disabled).map((c) => c.value);

  it('offers navigation, menu and home, in that order', () => {
    expect(typeChoices({ action: 'create', isHomeTaken: false }).map((c) => c.value)).toEqual([3, 4, 5]);
    expect(disabled(typeChoices({ action: 'create', isHomeTaken: false }))).toEqual([]);
  });

  it('disables home on add when the app already has one', () => {
    expect(disabled(typeChoices({ action: 'create', isHomeTaken: true }))).toEqual([MenuType.HOME]);
  });

  it('disables every type but the current one on edit', () => {
    expect(disabled(typeChoices({ action: 'edit', current: MenuType.MENU, isHomeTaken: false }))).toEqual([3, 5]);
    // Editing the home page itself keeps its own radio, whatever validMenuType says.
    expect(disabled(typeChoices({ action: 'edit', current: MenuType.HOME, isHomeTaken: true }))).toEqual([3, 4]);
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
