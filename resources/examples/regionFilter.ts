/**
 * Filtering the region tree by a typed text (Chinese or English names, or a code): the matching
 * divisions with every ancestor that leads to them, and the keys to expand so all show.
 */
import type { Locale } from '../../contract/i18n';
import type { RegionNode } from '../../contract/regions';

export interface FilteredNode {
  key: string;
  title: string;
  isMatch: boolean;
  children: FilteredNode[];
}

export interface FilterResult {
  nodes: FilteredNode[];
  matches: number;
  /** Keys of the ancestors of matches, to expand. */
  expanded: string[];
}

function nameOf(node: RegionNode, locale: Locale): string {
  return locale === 'en-US' && node.region_name_en ? node.region_name_en : node.region_name;
}

function matches(node: RegionNode, needle: string): boolean {
  return node.region_name.includes(needle) || node.region_name_en.toLowerCase().includes(needle.toLowerCase()) || node.region_code.startsWith(needle);
}

/** With an empty text, the whole tree (nothing expanded). */
export function filterRegions(tree: readonly RegionNode[], text: string, locale: Locale): FilterResult {
  const needle = text.trim();
  let count = 0;
  const expanded: string[] = [];
  const visit = (nodes: readonly RegionNode[]): FilteredNode[] =>
    nodes.flatMap((node) => {
      const isMatch = needle !== '' && matches(node, needle);
      if (isMatch) count++;
      const children = visit(node.children);
      if (needle !== '' && !isMatch && children.length === 0) return [];
      if (needle !== '' && children.length > 0) expanded.push(node.region_code);
      return [{ key: node.region_code, title: nameOf(node, locale), isMatch, children }];
    });
  const nodes = visit(tree);
  return { nodes, matches: count, expanded };
}
