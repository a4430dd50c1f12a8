import { describe, expect, it } from 'vitest';
import { baseScreens, HOME } from '../../../server/db/screenCatalogue';
import { BESPOKE_ADDRESSES, pageAddresses } from '../../../resources/pageAddresses';

describe('the console\'s screen addresses', () => {
  it('are exactly those the seed gives the base app\'s screens', () => {
    expect([...pageAddresses].sort()).toEqual([HOME.path, ...baseScreens().map((screen) => screen.path)].sort());
  });

  it('list no bespoke address twice', () => {
    expect(new Set(BESPOKE_ADDRESSES).size).toBe(BESPOKE_ADDRESSES.length);
  });
});
