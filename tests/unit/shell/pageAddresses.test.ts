import { describe, expect, it } from 'vitest';
import { baseScreens, HOME } from '../../../server/db/screenCatalogue';
import { BESPOKE_ADDRESSES, pageAddresses } from '../../../resources/pageAddresses';
import { pages } from '../../../resources/pages';

describe('the console\'s screen addresses', () => {
  it('are exactly those the seed gives the base app\'s screens', () => {
    expect([...pageAddresses].sort()).toEqual([HOME.path, ...baseScreens().map((screen) => screen.path)].sort());
  });

  it('list no bespoke address twice', () => {
    expect(new Set(BESPOKE_ADDRESSES).size).toBe(BESPOKE_ADDRESSES.length);
  });

  it('open a page for every screen the seed gives a menu', () => {
    expect([HOME.url, ...baseScreens().map((screen) => screen.component)].filter((component) => !pages.has(component))).toEqual([]);
  });
});
