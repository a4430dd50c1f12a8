import { describe, expect, it } from 'vitest';
import data from '../../../contract/regionData.json';
import { indexRegions, type RegionNode } from '../../../contract/regions';

const tree = data as unknown as RegionNode[];
const index = indexRegions(tree);

function all(nodes: readonly RegionNode[] = tree): RegionNode[] {
  return nodes.flatMap((node) => [node, ...all(node.children)]);
}
const nodes = all();
const atLevel = (level: number) => nodes.filter((node) => node.level === level);
const byCode = (code: string) => index.get(code)?.node;

// The GB/T 2260 provincial-level divisions: 31 on the mainland, Taiwan, Hong Kong, Macau.
const PROVINCE_CODES = [
  '110000', '120000', '130000', '140000', '150000', '210000', '220000', '230000', '310000', '320000',
  '330000', '340000', '350000', '360000', '370000', '410000', '420000', '430000', '440000', '450000',
  '460000', '500000', '510000', '520000', '530000', '540000', '610000', '620000', '630000', '640000',
  '650000', '710000', '810000', '820000',
];

describe('region data', () => {
  it('has the 34 provincial-level divisions, in code order', () => {
    expect(tree.map((p) => p.region_code)).toEqual(PROVINCE_CODES);
    expect(tree.every((p) => p.level === 1 && p.fid === 1)).toBe(true);
  });

  it('has the generated numbers of cities and districts', () => {
    expect(atLevel(2)).toHaveLength(367);
    expect(atLevel(3)).toHaveLength(3309);
    // Sanity: China has about 330 prefecture-level and 2,800 county-level divisions.
    expect(atLevel(2).length).toBeGreaterThan(330);
    expect(atLevel(2).length).toBeLessThan(400);
    expect(atLevel(3).length).toBeGreaterThan(3000);
    expect(atLevel(3).length).toBeLessThan(3600);
    expect(nodes).toHaveLength(34 + 367 + 3309);
  });

  it('is exactly three levels deep: every province has cities, every city districts, districts nothing', () => {
    for (const province of tree) {
      expect(province.children.length, province.region_name).toBeGreaterThan(0);
      for (const city of province.children) {
        expect(city.level).toBe(2);
        expect(city.children.length, city.region_name).toBeGreaterThan(0);
        for (const district of city.children) {
          expect(district.level).toBe(3);
          expect(district.children).toEqual([]);
        }
      }
    }
    expect(nodes.some((node) => (node.level as number) === 0)).toBe(false);
  });

  it('has six-digit codes nested by their digits', () => {
    for (const province of tree) {
      expect(province.region_code).toMatch(/^\d{2}0000$/);
      for (const city of province.children) {
        expect(city.region_code).toMatch(/^\d{4}00$/);
        expect(city.region_code).not.toMatch(/0000$/);
        expect(city.region_code.slice(0, 2)).toBe(province.region_code.slice(0, 2));
        for (const district of city.children) {
          expect(district.region_code).toMatch(/^\d{6}$/);
          expect(district.region_code).not.toMatch(/00$/);
          expect(district.region_code.slice(0, 4)).toBe(city.region_code.slice(0, 4));
        }
      }
    }
  });

  it('has unique codes and ids, and each fid is the parent id', () => {
    expect(new Set(nodes.map((n) => n.region_code)).size).toBe(nodes.length);
    expect(new Set(nodes.map((n) => n.id)).size).toBe(nodes.length);
    expect(Math.min(...nodes.map((n) => n.id))).toBe(2);
    for (const node of nodes) {
      for (const child of node.children) {
        expect(child.fid).toBe(node.id);
        expect(child.id).toBeGreaterThan(node.id);
      }
    }
  });

  it('has trimmed, non-empty names in both languages and uppercase short names', () => {
    for (const node of nodes) {
      expect(node.region_name.trim()).toBe(node.region_name);
      expect(node.region_name).not.toBe('');
      expect(node.region_name_en.trim()).toBe(node.region_name_en);
      expect(node.region_name_en).toMatch(/^[A-Z]/);
      expect(node.region_name_en).not.toMatch(/\s{2}|[\n\r\t]/);
      expect(node.region_shortname_en).toMatch(/^[A-Z]+$/);
    }
  });

  it('names Beijing and the path 浙江省 / 杭州市 / 西湖区', () => {
    expect(byCode('110000')).toMatchObject({ region_name: '北京市', region_name_en: 'Beijing', region_shortname_en: 'BJ' });
    const xihu = index.get('330106')!;
    expect(xihu.node).toMatchObject({ region_name: '西湖区', region_name_en: 'Xihu District', level: 3 });
    expect(xihu.parentCode).toBe('330100');
    expect(index.get('330100')).toMatchObject({ parentCode: '330000', node: { region_name: '杭州市', region_name_en: 'Hangzhou' } });
    expect(byCode('330000')).toMatchObject({ region_name: '浙江省', region_name_en: 'Zhejiang', region_shortname_en: 'ZJ' });
  });

  it('keeps the municipalities’ city-level groups: Chongqing has urban districts and counties', () => {
    expect(byCode('500000')!.children.map((c) => [c.region_code, c.region_name])).toEqual([
      ['500100', '市辖区'],
      ['500200', '县'],
    ]);
    expect(index.get('500101')?.parentCode).toBe('500100');
    expect(index.get('500229')?.parentCode).toBe('500200');
    expect(byCode('110000')!.children.map((c) => c.region_code)).toEqual(['110100']);
  });

  it('includes Taiwan, Hong Kong and Macau with cities and districts', () => {
    expect(byCode('710000')).toMatchObject({ region_name: '台湾省', region_name_en: 'Taiwan' });
    expect(byCode('810000')).toMatchObject({ region_name: '香港特别行政区', region_name_en: 'Hong Kong' });
    expect(byCode('820000')).toMatchObject({ region_name: '澳门特别行政区', region_name_en: 'Macau' });
    expect(byCode('810000')!.children.map((c) => c.region_name)).toEqual(['香港岛', '九龙', '新界']);
    expect(byCode('810000')!.children.flatMap((c) => c.children)).toHaveLength(18);
    expect(byCode('820000')!.children.flatMap((c) => c.children)).toHaveLength(7);
    expect(byCode('710100')).toMatchObject({ region_name: '台北市', region_name_en: 'Taipei' });
  });

  it('gives cities without a county level their towns as the third level', () => {
    const dongguan = byCode('441900')!;
    expect(dongguan.children.length).toBeGreaterThan(20);
    expect(dongguan.children.map((c) => c.region_name)).toContain('虎门镇');
    expect(byCode('441901')).toMatchObject({ region_name: '东城街道', region_name_en: 'Dongcheng Subdistrict' });
  });

  it('uses readable English: suffixes translated, Shaanxi apart from Shanxi, ethnic groups named', () => {
    expect(byCode('140000')!.region_name_en).toBe('Shanxi');
    expect(byCode('610000')!.region_name_en).toBe('Shaanxi');
    expect(byCode('150000')).toMatchObject({ region_name_en: 'Inner Mongolia', region_shortname_en: 'NMG' });
    expect(byCode('610100')!.region_name_en).toBe("Xi'an");
    expect(byCode('222400')!.region_name_en).toBe('Yanbian Korean Autonomous Prefecture');
    expect(byCode('130225')!.region_name_en).toBe('Laoting County');
    expect(byCode('330382')!.region_name_en).toBe('Yueqing City');
    expect(byCode('510100')!.region_name_en).toBe('Chengdu');
  });

  it('leaves out statistical-only development zones (county digits 71–80)', () => {
    const zones = atLevel(3).filter((n) => {
      const tail = Number(n.region_code.slice(4));
      return tail >= 71 && tail <= 80 && !/^(71|81|82)/.test(n.region_code);
    });
    expect(zones.map((n) => n.region_name)).toEqual([]);
    expect(nodes.some((n) => /开发区|产业园区/.test(n.region_name))).toBe(false);
  });
});
