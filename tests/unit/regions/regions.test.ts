import { describe, expect, it } from 'vitest';
import {
  indexRegions,
  loadRegions,
  regionFieldsFromPath,
  regionNames,
  regionPathError,
  type RegionNode,
} from '../../../contract/regions';

function node(id: number, fid: number, level: 1 | 2 | 3, code: string, name: string, en: string, children: RegionNode[] = []): RegionNode {
  return { id, fid, level, region_code: code, region_name: name, region_name_en: en, region_shortname_en: 'X', children };
}

const tree: RegionNode[] = [
  node(2, 1, 1, '330000', '浙江省', 'Zhejiang', [
    node(3, 2, 2, '330100', '杭州市', 'Hangzhou', [
      node(4, 3, 3, '330106', '西湖区', 'Xihu District'),
      node(5, 3, 3, '330102', '上城区', 'Shangcheng District'),
    ]),
    node(6, 2, 2, '330200', '宁波市', 'Ningbo', [node(7, 6, 3, '330203', '海曙区', 'Haishu District')]),
  ]),
  node(8, 1, 1, '320000', '江苏省', 'Jiangsu', [
    node(9, 8, 2, '320100', '南京市', 'Nanjing', [node(10, 9, 3, '320102', '玄武区', '')]),
  ]),
];
const index = indexRegions(tree);

describe('indexRegions', () => {
  it('finds every node by code with its parent code', () => {
    expect(index.size).toBe(9);
    expect(index.get('330000')).toMatchObject({ parentCode: null, node: { region_name: '浙江省' } });
    expect(index.get('330100')?.parentCode).toBe('330000');
    expect(index.get('330106')).toMatchObject({ parentCode: '330100', node: { region_name: '西湖区', level: 3 } });
    expect(index.get('999999')).toBeUndefined();
  });
});

describe('regionPathError', () => {
  it('accepts a complete, nested path', () => {
    expect(regionPathError(index, ['330000', '330100', '330106'])).toBeUndefined();
    expect(regionPathError(index, ['320000', '320100', '320102'])).toBeUndefined();
  });

  it('blames the province when it is unknown, missing or not a province', () => {
    expect(regionPathError(index, ['990000', '330100', '330106'])).toBe(0);
    expect(regionPathError(index, [null, '330100', '330106'])).toBe(0);
    expect(regionPathError(index, ['', '', ''])).toBe(0);
    expect(regionPathError(index, [])).toBe(0);
    expect(regionPathError(index, ['330100', '330100', '330106'])).toBe(0);
  });

  it('blames the city when it is missing or not under the province', () => {
    expect(regionPathError(index, ['330000'])).toBe(1);
    expect(regionPathError(index, ['330000', undefined, '330106'])).toBe(1);
    expect(regionPathError(index, ['320000', '330100', '330106'])).toBe(1);
    expect(regionPathError(index, ['330000', '330106', '330106'])).toBe(1);
  });

  it('blames the district when it is missing or not under the city', () => {
    expect(regionPathError(index, ['330000', '330100'])).toBe(2);
    expect(regionPathError(index, ['330000', '330100', null])).toBe(2);
    expect(regionPathError(index, ['330000', '330100', '330203'])).toBe(2);
    expect(regionPathError(index, ['330000', '330100', '330100'])).toBe(2);
    expect(regionPathError(index, ['330000', '330100', '330199'])).toBe(2);
  });
});

describe('regionNames', () => {
  it('joins the names in Chinese or English', () => {
    expect(regionNames(index, ['330000', '330100', '330106'], 'zh-CN')).toBe('浙江省 / 杭州市 / 西湖区');
    expect(regionNames(index, ['330000', '330100', '330106'], 'en-US')).toBe('Zhejiang / Hangzhou / Xihu District');
  });

  it('falls back to the Chinese name where the English one is empty', () => {
    expect(regionNames(index, ['320000', '320100', '320102'], 'en-US')).toBe('Jiangsu / Nanjing / 玄武区');
  });

  it('answers null when a part is unknown or missing', () => {
    expect(regionNames(index, ['330000', '330100', '999999'], 'zh-CN')).toBeNull();
    expect(regionNames(index, ['330000', null, '330106'], 'en-US')).toBeNull();
  });
});

describe('regionFieldsFromPath (region cascade clearing)', () => {
  const fields = ['censusProvince', 'censusCity', 'censusArea'] as const;

  it('fills all three fields from a full path', () => {
    expect(regionFieldsFromPath(fields, ['330000', '330100', '330106'])).toEqual({
      censusProvince: '330000',
      censusCity: '330100',
      censusArea: '330106',
    });
  });

  it('choosing a province alone clears city and district', () => {
    expect(regionFieldsFromPath(fields, ['320000'])).toEqual({ censusProvince: '320000', censusCity: undefined, censusArea: undefined });
  });

  it('choosing a city clears the district', () => {
    expect(regionFieldsFromPath(fields, ['330000', '330200'])).toEqual({ censusProvince: '330000', censusCity: '330200', censusArea: undefined });
  });

  it('clearing the picker clears all three', () => {
    const empty = { censusProvince: undefined, censusCity: undefined, censusArea: undefined };
    expect(regionFieldsFromPath(fields, [])).toEqual(empty);
    expect(regionFieldsFromPath(fields, null)).toEqual(empty);
    expect(regionFieldsFromPath(fields, undefined)).toEqual(empty);
    expect(regionFieldsFromPath(fields, ['', '', ''])).toEqual(empty);
  });

  it('turns numeric codes into strings', () => {
    expect(regionFieldsFromPath(['p', 'c', 'a'] as const, [330000, 330100, 330106])).toEqual({ p: '330000', c: '330100', a: '330106' });
  });
});

describe('loadRegions', () => {
  it('loads the bundled tree, which works with the functions above', async () => {
    const regions = await loadRegions();
    expect(regions).toHaveLength(34);
    const real = indexRegions(regions);
    expect(regionPathError(real, ['330000', '330100', '330106'])).toBeUndefined();
    expect(regionPathError(real, ['330000', '320100', '320102'])).toBe(1);
    expect(regionNames(real, ['500000', '500200', '500229'], 'zh-CN')).toBe('重庆市 / 县 / 城口县');
    expect(regionNames(real, ['810000', '810100', '810101'], 'en-US')).toBe('Hong Kong / Hong Kong Island / Central and Western District');
  });
});
