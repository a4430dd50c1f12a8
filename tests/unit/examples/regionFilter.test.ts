import { describe, expect, it } from 'vitest';
import type { RegionNode } from '../../../contract/regions';
import { filterRegions } from '../../../resources/examples/regionFilter';

const node = (region_code: string, region_name: string, region_name_en: string, children: RegionNode[] = []): RegionNode => ({
  id: Number(region_code),
  fid: 1,
  level: 1,
  region_code,
  region_name,
  region_name_en,
  region_shortname_en: '',
  children,
});

const tree = [
  node('330000', '浙江省', 'Zhejiang', [node('330100', '杭州市', 'Hangzhou', [node('330106', '西湖区', 'Xihu')]), node('330200', '宁波市', 'Ningbo')]),
  node('110000', '北京市', 'Beijing', [node('110100', '市辖区', 'Municipal district')]),
];

describe('filtering the region tree', () => {
  it('keeps the matches with the branches leading to them, and opens those branches', () => {
    const result = filterRegions(tree, '西湖', 'zh-CN');
    expect(result.matches).toBe(1);
    expect(result.nodes.map((n) => n.title)).toEqual(['浙江省']);
    expect(result.nodes[0]!.children.map((n) => n.title)).toEqual(['杭州市']);
    expect(result.expanded.sort()).toEqual(['330000', '330100']);
  });

  it('matches English names whatever the case, and codes by their start', () => {
    expect(filterRegions(tree, 'ningbo', 'en-US').nodes[0]!.children.map((n) => [n.title, n.isMatch])).toEqual([['Ningbo', true]]);
    expect(filterRegions(tree, '1101', 'zh-CN').matches).toBe(1);
  });

  it('shows the whole tree, nothing opened, without a text; nothing for a text that matches nothing', () => {
    expect(filterRegions(tree, '  ', 'zh-CN')).toMatchObject({ matches: 0, expanded: [] });
    expect(filterRegions(tree, '', 'zh-CN').nodes).toHaveLength(2);
    expect(filterRegions(tree, '上海', 'zh-CN').nodes).toEqual([]);
  });
});
