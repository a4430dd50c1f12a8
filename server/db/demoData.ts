/** A few realistic sub-systems, parameters, departments and staff for SEED=demo. */
import type { Kysely } from 'kysely';
import { idCardCheckCharacter, staffEntity, validateEntity, type EntityValues, type appEntity, type paramEntity } from '../../contract';
import type { Database } from './schema';

type AppInput = Record<keyof EntityValues<typeof appEntity>, unknown>;
type ParamInput = Record<keyof EntityValues<typeof paramEntity>, unknown>;

export const DEMO_APPS: readonly AppInput[] = [
  { code: 'crm', name: '客户管理系统', businessType: 1, isEnable: '1', sort: 20, address: 'https://crm.example.com', logo: undefined, menuReading: 'A' },
  { code: 'adx', name: '广告投放平台', businessType: 1, isEnable: '1', sort: 30, address: 'https://adx.example.com', logo: undefined, menuReading: 'A' },
  { code: 'report', name: '数据报表中心', businessType: 2, isEnable: '1', sort: 40, address: 'https://report.example.com', logo: undefined, menuReading: 'A' },
  { code: 'sso', name: '统一认证服务', businessType: 3, isEnable: '0', sort: 50, address: 'https://sso.example.com', logo: undefined, menuReading: 'A' },
];

export const DEMO_PARAMS: readonly ParamInput[] = [
  { sortNum: 1, paramKey: 'site.title', value: '员工基础系统', remark: '控制台标题', spareParam: undefined },
  { sortNum: 2, paramKey: 'upload.maxSizeMb', value: '20', remark: '上传文件大小上限（MB）', spareParam: undefined },
  { sortNum: 3, paramKey: 'sms.provider', value: 'aliyun', remark: '短信通道，备用参数为区域、模板和签名', spareParam: 'cn-hangzhou,SMS_100001,员工系统' },
  { sortNum: 4, paramKey: 'report.exportLimit', value: '50000', remark: '报表单次导出的最大行数', spareParam: undefined },
  { sortNum: 5, paramKey: 'ua.refreshMinutes', value: '30', remark: 'UA 列表自动刷新间隔（分钟）', spareParam: '5,120' },
];

/** SEED=demo: three departments with two groups each, as the organisation screens show them. */
export const DEMO_OFFICES: ReadonlyArray<{ name: string; remark: string; groups: readonly string[] }> = [
  { name: '研发中心', remark: '产品研发与技术平台', groups: ['前端组', '后端组'] },
  { name: '市场部', remark: '品牌推广与渠道拓展', groups: ['品牌组', '渠道组'] },
  { name: '运营部', remark: '客户服务与数据运营', groups: ['客服组', '数据组'] },
];

const DEMO_NAMES = [
  '王建国', '李晓梅', '张伟', '刘洋', '陈静', '杨帆', '黄磊', '赵敏', '吴昊', '周婷',
  '徐浩然', '孙丽', '马超', '朱琳', '胡斌', '郭雪', '何俊', '高颖', '林峰', '罗欣',
  '郑凯', '梁晨', '谢芳', '宋宇', '唐悦', '许杰', '韩梅', '冯涛', '邓佳', '曹阳',
];
const FEMALE = new Set(['李晓梅', '陈静', '赵敏', '周婷', '孙丽', '朱琳', '郭雪', '高颖', '罗欣', '谢芳', '唐悦', '韩梅', '邓佳']);
/** Province, city, district codes of a few real divisions. */
const DEMO_REGIONS = [
  ['330000', '330100', '330106'],
  ['110000', '110100', '110105'],
  ['440000', '440300', '440304'],
  ['510000', '510100', '510104'],
  ['320000', '320100', '320102'],
  ['440000', '440100', '440104'],
] as const;
const DEMO_SCHOOLS = ['浙江大学', '北京大学', '中山大学', '四川大学', '南京大学', '华南理工大学'];
const DEMO_SPECIALTIES = ['计算机科学与技术', '软件工程', '市场营销', '工商管理', '统计学', '汉语言文学'];
const DEMO_POSITIONS = ['工程师', '高级工程师', '产品经理', '市场专员', '运营专员', '数据分析师'];

/**
 * ~30 staff spread over the demo groups (the first of each group its supervisor). Their ID numbers
 * carry a right check character; each account must have its password reset before first use.
 */
export function demoStaff(): Array<{ values: Record<string, unknown>; group: number; isSupervisor: boolean }> {
  return DEMO_NAMES.map((name, i) => {
    const [province, city, area] = DEMO_REGIONS[i % DEMO_REGIONS.length]!;
    const [live] = [DEMO_REGIONS[(i + 2) % DEMO_REGIONS.length]!];
    const year = 1982 + (i % 15);
    const birthday = `${year}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + ((i * 7) % 28)).padStart(2, '0')}`;
    const sex = FEMALE.has(name) ? 2 : 1;
    // The 17th digit is odd for men and even for women (GB 11643).
    const first17 = `${area}${birthday.replace(/-/g, '')}${String(10 + i).padStart(2, '0')}${sex === 1 ? 1 : 2}`;
    return {
      group: i % 6,
      isSupervisor: i < 6,
      values: {
        name,
        code: `D${1001 + i}`,
        telephone: `1380571${String(1001 + i).padStart(4, '0')}`,
        sex,
        birthday,
        nation: i % 10 === 7 ? '03' : '01',
        card: first17 + idCardCheckCharacter(first17),
        marriageStatus: year < 1990 ? 2 : 1,
        email: `d${1001 + i}@example.com`,
        crashName: `${name.slice(0, 1)}家属`,
        crashPhone: `1390571${String(2001 + i).padStart(4, '0')}`,
        censusProvince: province,
        censusCity: city,
        censusArea: area,
        censusAddress: `人民路 ${10 + i} 号`,
        liveProvince: live[0],
        liveCity: live[1],
        liveArea: live[2],
        liveAddress: `幸福小区 ${1 + (i % 9)} 栋 ${101 + i} 室`,
        graduatedSchool: DEMO_SCHOOLS[i % DEMO_SCHOOLS.length],
        specialty: DEMO_SPECIALTIES[i % DEMO_SPECIALTIES.length],
        education: 4 + (i % 3),
        graduatedTime: `${year + 22}-06-30`,
        position: DEMO_POSITIONS[i % DEMO_POSITIONS.length],
        grade: `P${4 + (i % 4)}`,
        isEnable: i === 29 ? '0' : '1',
      },
    };
  });
}

/** Inserts the demo departments, groups and staff (in the seed's transaction). */
export async function insertDemoStaff(trx: Kysely<Database>, passwordHash: string, now: number): Promise<void> {
  const groupIds: number[] = [];
  for (const office of DEMO_OFFICES) {
    const { id: parentId } = await trx.insertInto('office').values({ type: 1, parentId: 0, name: office.name, remark: office.remark, createTime: now }).returning('id').executeTakeFirstOrThrow();
    for (const name of office.groups) {
      const { id } = await trx.insertInto('office').values({ type: 2, parentId, name, remark: null, createTime: now }).returning('id').executeTakeFirstOrThrow();
      groupIds.push(id);
    }
  }
  for (const { values, group, isSupervisor } of demoStaff()) {
    const result = validateEntity(staffEntity, { ...values, officeId: groupIds[group] });
    if (!result.ok) throw new Error(`Invalid demo staff: ${JSON.stringify(result.fields)}`);
    const stored = Object.fromEntries(Object.entries(result.value).map(([k, v]) => [k, v ?? null]));
    await trx
      .insertInto('user')
      .values({ ...(stored as object), passwordHash, mustChangePassword: 1, createTime: now, adminFlag: isSupervisor ? 1 : 0 } as never)
      .execute();
  }
}
