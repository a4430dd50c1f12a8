/**
 * SEED=demo: the sample sub-systems, parameters and staff are the demo's base; a declared resource
 * ships its demo rows in its definition (`demo.rows`, ./declaredDemo.ts), any other demo data is a
 * part here. The seed inserts every part of a declared screen; a demo
 * database started again gets the parts it lacks (a screen shipped after it was seeded) and the
 * demo traffic up to the current hour, so its dashboard's "today" is never empty.
 */
import type { Kysely, Transaction } from 'kysely';
import { BASE_APP_CODE } from '../../contract';
import type { ResourceDefinition } from '../../resources/define';
import { defaultClock, type StatisticsClock } from '../statistics/clock';
import { DEMO_SITE_USERS, insertDemoStatistics, writeDemoTraffic } from '../statistics/demoStatistics';
import { DEMO_APPS } from './demoData';
import { insertDemoCustomers, insertSupportRole, SUPPORT_ROLE_KEY } from './demoCustomers';
import { insertReadingBApp, isReadingBAppPresent } from './demoReadingB';
import { hasDemoRows, insertDemoRows } from './declaredDemo';
import { insertDemoUa } from './demoUa';
import type { Database } from './schema';

export interface DemoContext {
  baseAppId: number;
  /** The demo sub-systems' ids, in DEMO_APPS order. */
  demoAppIds: number[];
  clock: StatisticsClock;
}

interface DemoPart {
  name: string;
  /** The part belongs to a declared screen (tests declare fewer). */
  isDeclared(definitions: readonly ResourceDefinition[]): boolean;
  isPresent(trx: Transaction<Database>): Promise<boolean>;
  insert(trx: Transaction<Database>, context: DemoContext): Promise<void>;
}

const declares = (table: string) => (definitions: readonly ResourceDefinition[]) => definitions.some((d) => d.table === table);
const hasRows = async (trx: Transaction<Database>, table: string) =>
  (await (trx as unknown as Kysely<Record<string, { id: number }>>).selectFrom(table).select('id').limit(1).execute()).length > 0;

const DEMO_PARTS: readonly DemoPart[] = [
  {
    name: 'customers and the support role',
    isDeclared: declares('customer'),
    isPresent: (trx) => hasRows(trx, 'customer'),
    async insert(trx, { baseAppId, demoAppIds }) {
      await insertDemoCustomers(trx, demoAppIds);
      const role = await trx.selectFrom('role').select('id').where('appId', '=', baseAppId).where('roleKey', '=', SUPPORT_ROLE_KEY).executeTakeFirst();
      if (!role) await insertSupportRole(trx, baseAppId);
    },
  },
  { name: 'statistics', isDeclared: () => true, isPresent: (trx) => hasRows(trx, 'site_user'), insert: (trx, { clock }) => insertDemoStatistics(trx, clock) },
  { name: 'UA records', isDeclared: declares('ua_record'), isPresent: (trx) => hasRows(trx, 'ua_record'), insert: (trx) => insertDemoUa(trx) },
  { name: 'the reading-B sub-system', isDeclared: () => true, isPresent: isReadingBAppPresent, insert: (trx) => insertReadingBApp(trx, Date.now()) },
];

/** The demo rows of each definition that ships some, then the other parts. */
function partsOf(definitions: readonly ResourceDefinition[]): DemoPart[] {
  const declared = definitions.filter((d) => d.demo !== undefined).map((d): DemoPart => ({
    name: `demo rows of ${d.name}`,
    isDeclared: () => true,
    isPresent: (trx) => hasDemoRows(trx, d),
    insert: (trx) => insertDemoRows(trx, d, definitions),
  }));
  return [...declared, ...DEMO_PARTS];
}

/** Seeding: every part of the declared screens. */
export async function insertDemoParts(trx: Transaction<Database>, definitions: readonly ResourceDefinition[], context: DemoContext): Promise<void> {
  for (const part of partsOf(definitions)) if (part.isDeclared(definitions)) await part.insert(trx, context);
}

/** The demo sub-systems' ids when the database was seeded with the demo (all of them are there), else undefined. */
async function demoAppIdsOf(db: Kysely<Database>): Promise<number[] | undefined> {
  const codes = DEMO_APPS.map((app) => String(app.code));
  const apps = await db.selectFrom('app').select(['id', 'code']).where('code', 'in', codes).execute();
  if (apps.length !== codes.length) return undefined;
  return codes.map((code) => apps.find((app) => app.code === code)!.id);
}

/**
 * A demo database started again: the declared parts it lacks, and the demo owners' traffic from
 * the last stored hour to now. Answers the names of the parts it added. Other databases: nothing.
 */
export async function catchUpDemo(db: Kysely<Database>, definitions: readonly ResourceDefinition[], clock: StatisticsClock = defaultClock()): Promise<string[]> {
  const demoAppIds = await demoAppIdsOf(db);
  const base = await db.selectFrom('app').select('id').where('code', '=', BASE_APP_CODE).executeTakeFirst();
  if (!demoAppIds || !base) return [];
  const baseAppId = base.id;
  return db.transaction().execute(async (trx) => {
    const added: string[] = [];
    for (const part of partsOf(definitions)) {
      if (!part.isDeclared(definitions) || (await part.isPresent(trx))) continue;
      await part.insert(trx, { baseAppId, demoAppIds, clock });
      added.push(part.name);
    }
    // The demo's own owners, in the order the seed numbered them.
    const owners = await trx.selectFrom('siteUser').select('id').where('serviceId', 'in', demoAppIds).where('userName', 'like', '流量主%').orderBy('id').limit(DEMO_SITE_USERS).execute();
    const last = await trx.selectFrom('trafficHour').select((eb) => eb.fn.max('hour').as('hour')).where('siteUserId', 'in', owners.length ? owners.map((o) => o.id) : [0]).executeTakeFirst();
    if (owners.length && last?.hour != null) await writeDemoTraffic(trx, owners.map((o) => o.id), Number(last.hour) + 1, clock);
    return added;
  });
}
