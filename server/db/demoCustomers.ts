/**
 * SEED=demo: 200 customers with their bank, address and invoice rows across the demo sub-systems,
 * the same on every start (a fixed sequence, no randomness), and the 客服 (support) role holding
 * the customer screen's read grants only (not reveal).
 */
import type { Kysely } from 'kysely';
import { TRADE_TYPE_DICTIONARY } from '../../contract/dictionaries';
import { loadRegions, type RegionNode } from '../../contract/regions';
import type { Database } from './schema';

export const DEMO_CUSTOMER_COUNT = 200;
export const SUPPORT_ROLE_KEY = 'support';

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '磊', '洋', '艳', '勇', '军', '杰', '娟', '涛', '明', '超', '秀英', '建华', '晓东', '丽华', '海燕'];
const COMPANY_WORDS = ['华信', '中科', '恒通', '鼎盛', '远航', '瑞丰', '博雅', '天成', '汇智', '启明', '星河', '安泰'];
const COMPANY_KINDS = ['科技有限公司', '贸易有限公司', '信息技术有限公司', '文化传媒有限公司', '物流有限公司', '医疗器械有限公司'];
const BANKS = ['中国工商银行', '中国建设银行', '中国农业银行', '中国银行', '招商银行', '交通银行'];
const BANK_PREFIXES = ['6222', '6217', '6228', '6216', '6225', '6222'];
const STREETS = ['人民路', '解放大道', '中山路', '建设街', '和平里', '滨江路', '科技园路', '长安街'];
const MAIL_DOMAINS = ['example.com', 'mail.example.cn', 'corp.example.net'];
const PINYIN = ['wang', 'li', 'zhang', 'liu', 'chen', 'yang', 'huang', 'zhao', 'wu', 'zhou', 'xu', 'sun', 'ma', 'zhu', 'hu', 'guo', 'he', 'lin'];

/** Province → city → district paths with real codes, a few per province. */
function regionPaths(tree: readonly RegionNode[]): Array<[string, string, string]> {
  const paths: Array<[string, string, string]> = [];
  for (const province of tree) {
    for (const city of (province.children ?? []).slice(0, 2)) {
      for (const area of (city.children ?? []).slice(0, 2)) paths.push([province.region_code, city.region_code, area.region_code]);
    }
  }
  return paths;
}

const digitsOf = (seed: number, length: number) => String(seed).padStart(length, '0').slice(-length);

export function demoCustomers(regions: readonly RegionNode[]): Array<Record<string, unknown>> {
  const paths = regionPaths(regions);
  const trades = TRADE_TYPE_DICTIONARY.items.map((item) => item.value);
  return Array.from({ length: DEMO_CUSTOMER_COUNT }, (_, i) => {
    const surname = i % SURNAMES.length;
    const name = `${SURNAMES[surname]}${GIVEN[(i * 7) % GIVEN.length]}`;
    const isEnterprise = i % 3 !== 2;
    const [province, city, area] = paths[(i * 13) % paths.length]!;
    const phone = `1${[3, 5, 8, 7, 9][i % 5]}${digitsOf(i * 7_919_731 + 12_345_678, 9)}`;
    const account = `${BANK_PREFIXES[i % BANK_PREFIXES.length]}${digitsOf(i * 982_451_653 + 1_000_000_000_007, 15)}`;
    const email = `${PINYIN[surname]}${i + 1}@${MAIL_DOMAINS[i % MAIL_DOMAINS.length]}`;
    return {
      name,
      isEnable: i % 11 === 10 ? '0' : '1',
      email,
      companyName: isEnterprise ? `${COMPANY_WORDS[i % COMPANY_WORDS.length]}${COMPANY_KINDS[(i * 5) % COMPANY_KINDS.length]}` : null,
      tradeType: trades[i % trades.length],
      telephone: phone,
      userType: isEnterprise ? 1 : 2,
      qq: String(10_000_000 + i * 37_193),
      province,
      city,
      area,
      address: `${STREETS[i % STREETS.length]}${(i % 300) + 1}号`,
      payee: name,
      bank: BANKS[i % BANKS.length],
      bankBranch: `${BANKS[i % BANKS.length]}${STREETS[(i + 3) % STREETS.length]}支行`,
      bankCode: account,
      alipay: i % 2 === 0 ? phone : email,
      payType: i % 4 === 3 ? 2 : 1,
      recipient: name,
      deliveryPhone: phone,
      invoiceCode: `0${digitsOf(i * 4_441 + 31_000_000_000, 11)}`,
      taxRegisterCode: isEnterprise ? `91${digitsOf(110_000 + i * 17, 6)}MA${digitsOf(i * 104_729 + 1_000_000, 7)}X` : null,
    };
  });
}

export async function insertDemoCustomers(trx: Kysely<Database>, appIds: readonly number[]): Promise<void> {
  const db = trx as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const customers = demoCustomers(await loadRegions());
  for (let i = 0; i < customers.length; i++) {
    const customer = customers[i]!;
    const { id } = (await db.insertInto('customer').values(customer).returning('id').executeTakeFirstOrThrow()) as { id: number };
    // 1–3 rows of each list, each for one of the sub-systems (the product line).
    const count = (n: number) => 1 + ((i + n) % 3);
    const appOf = (k: number) => (appIds.length ? appIds[(i + k) % appIds.length]! : null);
    const banks = Array.from({ length: count(0) }, (_, k) => ({
      userId: id,
      payee: customer.payee,
      payAccount: `${BANK_PREFIXES[(i + k) % BANK_PREFIXES.length]}${digitsOf((i + 1) * 7_654_321 + k * 1_111, 12)}`,
      payBank: BANKS[(i + k) % BANKS.length],
      branchBank: `${BANKS[(i + k) % BANKS.length]}${STREETS[(i + k) % STREETS.length]}支行`,
      alipay: k === 0 ? customer.alipay : null,
      appId: appOf(k),
    }));
    const addresses = Array.from({ length: count(1) }, (_, k) => ({
      userId: id,
      recipients: k === 0 ? customer.name : `${SURNAMES[(i + k) % SURNAMES.length]}${GIVEN[(i + k * 3) % GIVEN.length]}`,
      receivePhone: `1${[3, 5, 8][k % 3]}${digitsOf((i + 7) * 3_571 + k * 97, 9)}`,
      receiveAddress: `${STREETS[(i + k) % STREETS.length]}${((i + k) % 200) + 1}号${k + 1}栋`,
      appId: appOf(k + 1),
    }));
    const invoices = Array.from({ length: count(2) }, (_, k) => ({
      userId: id,
      invoiceTitle: (customer.companyName as string | null) ?? String(customer.name),
      taxReceipt: customer.taxRegisterCode ?? `${digitsOf(i * 31 + k, 18)}`,
      invoiceName: ['技术服务费', '广告服务费', '信息服务费'][(i + k) % 3],
      invoiceAddress: customer.address,
      appId: appOf(k + 2),
    }));
    await db.insertInto('customer_bank').values(banks).execute();
    await db.insertInto('customer_address').values(addresses).execute();
    await db.insertInto('customer_invoice').values(invoices).execute();
  }
}

/** The support role: home and the customer screen's read grants (page element `customer:list` and its API elements). */
export async function insertSupportRole(trx: Kysely<Database>, appId: number): Promise<number> {
  const { id: roleId } = await trx
    .insertInto('role')
    .values({ sortNum: 2, roleKey: SUPPORT_ROLE_KEY, name: '客服', appId, isEnable: '1', description: '客服人员：只读查看客户资料（个人信息脱敏）', roleType: 2 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const nodes = await trx.selectFrom('permission').select(['id', 'code']).where('appId', '=', appId).where('code', 'in', ['home', 'business', 'customer', 'customer:list']).execute();
  const pageElement = nodes.find((n) => n.code === 'customer:list');
  const apis = pageElement ? await trx.selectFrom('permission').select('id').where('parentId', '=', pageElement.id).execute() : [];
  const ids = [...nodes.map((n) => n.id), ...apis.map((n) => n.id)];
  await trx.insertInto('rolePermission').values(ids.map((permissionId) => ({ roleId, permissionId }))).execute();
  return roleId;
}
