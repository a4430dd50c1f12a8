/**
 * Contention: 50 clients for PROOF_SECONDS (30) against the server as `npm start` runs it, on
 * SQLite and on PostgreSQL, editing, enabling, re-ordering and deleting the same records:
 * - sub-systems: each one's name is written by one client and its sort by another, at once;
 * - parameters: each client keeps its own one's value, and all fight over five keys (create and
 *   delete);
 * - one dictionary's items: moved up and down, switched on and off, added and deleted by all.
 * Afterwards: no 5xx and every answer in the envelope; no duplicate key; the items' positions are
 * exactly 1…n; every acknowledged write is there unless a later acknowledged one replaced it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { DialectName } from '../../server/db/database';
import { benchDatabase, type BenchDatabase } from '../bench/benchDatabase';
import { startServer, type ServerProcess } from '../bench/serverProcess';
import { Client, forEach } from './client';

const SECONDS = Number(process.env.PROOF_SECONDS ?? 30);
const CLIENTS = 50;
const HOT_KEYS = 5;
const OK = 0;
const [VALIDATION, NOT_FOUND, DUPLICATE, CONFLICT] = [1001, 1004, 1005, 1011];

const opened: Array<{ server: ServerProcess; database: BenchDatabase }> = [];
afterAll(async () => {
  for (const { server, database } of opened.splice(0)) {
    await server.stop();
    await database.dispose();
  }
});

interface Ledger {
  /** app id → the owner's last acknowledged name / sort. */
  names: Map<number, string>;
  sorts: Map<number, number>;
  /** client → its own parameter's id and last acknowledged value. */
  own: Map<number, { id: number; value: string }>;
  createdItems: Set<number>;
  deletedItems: Set<number>;
  unexpected: string[];
}

const pick = <T>(items: readonly T[], seed: number): T | undefined => items[Math.abs(seed) % Math.max(items.length, 1)];

async function setUp(admin: Client): Promise<{ apps: number[]; dicId: number }> {
  const apps: number[] = [];
  for (let k = 0; k < CLIENTS / 2; k++) {
    const saved = await admin.call<{ id: number }>('POST', '/base/admin/app/saveOrUpdate', { code: `c-app-${k}`, name: `应用${k}`, businessType: 1, isEnable: '1', sort: 1, address: `/c${k}` });
    expect(saved.code).toBe(OK);
    apps.push(saved.data.id);
  }
  const dic = await admin.call<{ id: number }>('POST', '/base/admin/dic/saveOrUpdate', { name: '争用字典', dicKey: 'CONTENTION', type: 2 });
  for (let i = 0; i < 8; i++) await admin.call('POST', '/base/admin/dic/saveOrUpdate', { parentId: dic.data.id, name: `项${i}`, dicKey: `v${i}` });
  return { apps, dicId: dic.data.id };
}

async function itemsOf(client: Client, dicId: number): Promise<Array<{ id: number; sortNum: number; openStatus: number }>> {
  return (await client.call<{ items: Array<{ id: number; sortNum: number; openStatus: number }> }>('GET', '/base/admin/dic/list', { parentId: dicId, page: 1, size: 1000 })).data.items ?? [];
}

/** One client's step: its owned writes, then one contended operation, by turns. */
async function step(client: Client, c: number, round: number, apps: number[], dicId: number, ledger: Ledger): Promise<void> {
  const expectCode = (what: string, code: number, allowed: number[]) => {
    if (!allowed.includes(code)) ledger.unexpected.push(`${what}: ${code}`);
  };
  const app = apps[Math.floor(c / 2)]!;
  switch (round % 5) {
    case 0: {
      // The owned field of a shared sub-system.
      if (c % 2 === 0) {
        const name = `名${c}-${round}`;
        const saved = await client.call('POST', '/base/admin/app/saveOrUpdate', { id: app, name });
        expectCode('app name', saved.code, [OK]);
        if (saved.code === OK) ledger.names.set(app, name);
      } else {
        const saved = await client.call('POST', '/base/admin/app/saveOrUpdate', { id: app, sort: round });
        expectCode('app sort', saved.code, [OK]);
        if (saved.code === OK) ledger.sorts.set(app, round);
      }
      break;
    }
    case 1: {
      const own = ledger.own.get(c);
      const value = `own${c}-${round}`;
      const saved = await client.call<{ id: number }>('POST', '/base/admin/param/saveOrUpdate', own ? { id: own.id, value } : { sortNum: 1, paramKey: `own.${c}`, value });
      expectCode('own param', saved.code, [OK]);
      if (saved.code === OK) ledger.own.set(c, { id: saved.data.id, value });
      break;
    }
    case 2: {
      // Five keys, fifty clients: a create is stored once, the others refused as duplicates.
      const key = `hot.${(c + round) % HOT_KEYS}`;
      const created = await client.call<{ id: number }>('POST', '/base/admin/param/saveOrUpdate', { sortNum: 2, paramKey: key, value: `${c}` });
      expectCode('hot create', created.code, [OK, DUPLICATE]);
      if (created.code === OK && round % 3 === 0) {
        const removed = await client.call('GET', '/base/admin/param/delete', { ids: created.data.id });
        expectCode('hot delete', removed.code, [OK, NOT_FOUND]);
      }
      break;
    }
    case 3: {
      const items = await itemsOf(client, dicId);
      const item = pick(items, c * 31 + round);
      if (!item) break;
      const moved = await client.call('POST', '/base/admin/dic/move', { id: item.id, direction: round % 2 ? 'up' : 'down' });
      expectCode('move', moved.code, [OK, NOT_FOUND]);
      const switched = await client.call('POST', '/base/admin/dic/saveOrUpdate', { id: item.id, openStatus: round % 4 < 2 ? 0 : 1 });
      expectCode('switch', switched.code, [OK, NOT_FOUND]);
      break;
    }
    case 4: {
      if (round % 3 !== 0) break;
      const added = await client.call<{ id: number }>('POST', '/base/admin/dic/saveOrUpdate', { parentId: dicId, name: `新${c}-${round}`, dicKey: `n${c}-${round}` });
      expectCode('add item', added.code, [OK]);
      if (added.code === OK) ledger.createdItems.add(added.data.id);
      const items = await itemsOf(client, dicId);
      const victim = pick(items, c + round * 7);
      if (victim && items.length > 4) {
        const removed = await client.call('POST', '/base/admin/dic/delete', { ids: String(victim.id) });
        expectCode('delete item', removed.code, [OK, NOT_FOUND, CONFLICT, VALIDATION]);
        if (removed.code === OK) ledger.deletedItems.add(victim.id);
      }
      break;
    }
  }
}

async function contention(dialect: DialectName): Promise<void> {
  const database = await benchDatabase(dialect, 'contention');
  const server = await startServer({ databaseUrl: database.url });
  opened.push({ server, database });
  const admin = new Client(server.address);
  await admin.login();
  const { apps, dicId } = await setUp(admin);
  const clients = Array.from({ length: CLIENTS }, () => new Client(server.address));
  for (const client of clients) await client.login();
  const ledger: Ledger = { names: new Map(), sorts: new Map(), own: new Map(), createdItems: new Set(), deletedItems: new Set(), unexpected: [] };

  const rounds = await forEach(clients, SECONDS * 1000, (client, c, round) => step(client, c, round, apps, dicId, ledger));
  const total = rounds.reduce((a, b) => a + b, 0);
  console.log(`contention on ${dialect}: ${CLIENTS} clients, ${SECONDS} s, ${total} rounds`);

  expect(clients.flatMap((client) => client.faults).slice(0, 20)).toEqual([]);
  expect(ledger.unexpected.slice(0, 20)).toEqual([]);
  expect(total).toBeGreaterThan(CLIENTS * 5);

  // Every acknowledged owned write is what is stored.
  for (const app of apps) {
    const stored = (await admin.call<{ name: string; sort: number }>('GET', '/base/admin/app/detail', { id: app })).data;
    if (ledger.names.has(app)) expect(stored.name, `app ${app} name`).toBe(ledger.names.get(app));
    if (ledger.sorts.has(app)) expect(Number(stored.sort), `app ${app} sort`).toBe(ledger.sorts.get(app));
  }
  const params = (await admin.call<{ items: Array<{ id: number; paramKey: string; value: string }> }>('GET', '/base/admin/param/list', { page: 1, size: 1000 })).data.items;
  for (const [c, own] of ledger.own) expect(params.find((p) => p.id === own.id)?.value, `own.${c}`).toBe(own.value);
  // No key stored twice.
  const keys = params.map((p) => p.paramKey);
  expect(keys.length).toBe(new Set(keys).size);
  // Positions exactly 1…n; every acknowledged add there unless acknowledged deleted, and no acknowledged delete back.
  const items = await itemsOf(admin, dicId);
  expect(items.map((i) => Number(i.sortNum)).sort((a, b) => a - b)).toEqual(items.map((_, i) => i + 1));
  const ids = new Set(items.map((i) => i.id));
  for (const id of ledger.createdItems) if (!ledger.deletedItems.has(id)) expect(ids.has(id), `item ${id} added`).toBe(true);
  for (const id of ledger.deletedItems) expect(ids.has(id), `item ${id} deleted`).toBe(false);
}

describe('50 clients on the same records', () => {
  it('lose nothing and break nothing on SQLite', () => contention('sqlite'));
  it('lose nothing and break nothing on PostgreSQL', () => contention('postgres'));
});
