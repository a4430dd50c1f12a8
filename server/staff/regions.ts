/** The region tree, loaded and indexed once per process, for checking and naming staff addresses. */
import { indexRegions, loadRegions, type RegionIndex } from '../../contract/regions';

let index: Promise<RegionIndex> | undefined;

export function regionIndex(): Promise<RegionIndex> {
  index ??= loadRegions().then(indexRegions);
  return index;
}
