/**
 * Region paths in a show view (`show.items` naming `region`): the province, city and area codes
 * as their names, from the region data loaded on first use.
 */
import { useEffect, useState } from 'react';
import { indexRegions, loadRegions, regionNames, type RegionIndex } from '../../../contract/regions';
import type { Locale } from '../../../contract/i18n';
import { CellContent } from '../CellContent';
import type { ConsoleFeature } from './feature';

let regions: Promise<RegionIndex> | undefined;
function useRegionIndex(): RegionIndex | undefined {
  const [index, setIndex] = useState<RegionIndex>();
  useEffect(() => {
    let current = true;
    void (regions ??= loadRegions().then(indexRegions)).then((loaded) => current && setIndex(loaded));
    return () => {
      current = false;
    };
  }, []);
  return index;
}

function regionView(index: RegionIndex | undefined, path: readonly [unknown, unknown, unknown], locale: Locale) {
  const codes = path.map((code) => (code === null || code === undefined || code === '' ? null : String(code))) as [string | null, string | null, string | null];
  if (!codes[0]) return { kind: 'empty' as const };
  const names = index ? regionNames(index, codes, locale) : null;
  return names ? { kind: 'text' as const, text: names } : { kind: 'text' as const, text: codes.filter(Boolean).join(' / ') };
}

function RegionNames({ path, locale }: { path: readonly [unknown, unknown, unknown]; locale: Locale }) {
  const index = useRegionIndex();
  return <CellContent view={regionView(index, path, locale)} />;
}

export const regionsFeature: ConsoleFeature = {
  key: 'show',
  showLine: (line, locale) => ('region' in line ? <RegionNames path={line.region} locale={locale} /> : undefined),
};
