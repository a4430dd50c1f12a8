/**
 * China's administrative divisions (SPEC §3 Region node): provinces, cities, districts. The tree
 * itself is generated data (regionData.json, made by scripts/generate-regions.ts) loaded lazily by
 * the console and once by the server; this file only reads it. Not in the contract barrel.
 */
import type { Locale } from './i18n';

export interface RegionNode {
  id: number;
  /** Parent id; provinces have 1. */
  fid: number;
  /** 1 province, 2 city, 3 district or county. */
  level: 1 | 2 | 3;
  /** Six digits: provinces end 0000, cities end 00. */
  region_code: string;
  region_name: string;
  region_name_en: string;
  region_shortname_en: string;
  /** Empty at level 3. */
  children: RegionNode[];
}

/** Codes of province, city, district, in that order. */
export type RegionPath = readonly [province?: string | null, city?: string | null, area?: string | null];

export type RegionIndex = ReadonlyMap<string, { node: RegionNode; parentCode: string | null }>;

export function indexRegions(tree: readonly RegionNode[]): RegionIndex {
  const index = new Map<string, { node: RegionNode; parentCode: string | null }>();
  const visit = (nodes: readonly RegionNode[], parentCode: string | null) => {
    for (const node of nodes) {
      index.set(node.region_code, { node, parentCode });
      visit(node.children, node.region_code);
    }
  };
  visit(tree, null);
  return index;
}

/**
 * Which part of a path names no division or is not inside the one before it: 0 province, 1 city,
 * 2 district; undefined when the whole path is right (all three present and nested).
 */
export function regionPathError(index: RegionIndex, path: RegionPath): 0 | 1 | 2 | undefined {
  for (let level = 0; level < 3; level++) {
    const code = path[level];
    const found = code ? index.get(code) : undefined;
    if (!found || found.node.level !== level + 1) return level as 0 | 1 | 2;
    if (level > 0 && found.parentCode !== path[level - 1]) return level as 0 | 1 | 2;
  }
  return undefined;
}

/** "浙江省 / 杭州市 / 西湖区" (or the English names) for a path; null when any part is unknown. */
export function regionNames(index: RegionIndex, path: RegionPath, locale: Locale): string | null {
  const names: string[] = [];
  for (const code of path) {
    const found = code ? index.get(code) : undefined;
    if (!found) return null;
    names.push(locale === 'en-US' && found.node.region_name_en ? found.node.region_name_en : found.node.region_name);
  }
  return names.join(' / ');
}

/**
 * The three address fields after a choice of `path` in the picker: a shorter path (a province
 * alone, or a province and a city) clears the levels below it.
 */
export function regionFieldsFromPath<K extends string>(fields: readonly [K, K, K], path: readonly (string | number)[] | null | undefined): Record<K, string | undefined> {
  const out = {} as Record<K, string | undefined>;
  fields.forEach((field, i) => {
    const code = path?.[i];
    out[field] = code === undefined || code === null || code === '' ? undefined : String(code);
  });
  return out;
}

/** Loads the tree (a chunk of its own in the console). */
export async function loadRegions(): Promise<RegionNode[]> {
  const data = await import('./regionData.json');
  return (data.default ?? data) as unknown as RegionNode[];
}
