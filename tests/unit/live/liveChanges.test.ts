/** What subscribers learn of a write (server/live/changes.ts) and how it travels in NOTIFY payloads (server/live/bus.ts). */
import { describe, expect, it } from 'vitest';
import { LIVE_LIMITS, type LiveChange } from '../../../contract/live';
import { resourceDefinitions } from '../../../resources/registry';
import { payloadsOf } from '../../../server/live/bus';
import { liveChangesOf } from '../../../server/live/changes';
import { liveResources } from '../../../server/live/resources';

const resources = liveResources(resourceDefinitions);

describe('liveChangesOf', () => {
  it('names a declared resource by its definition, with the ids and the action written', () => {
    expect(liveChangesOf([{ tableName: 'param', action: 'insert', recordIds: ['7'] }], resources)).toEqual([{ resource: 'param', ids: ['7'], action: 'created' }]);
  });

  it('tells a master and its detail sharing a table (dictionaries and their items) both', () => {
    expect(liveChangesOf([{ tableName: 'dic', action: 'delete', recordIds: ['3'] }], resources).map((c) => c.resource).sort()).toEqual(['dic', 'dicItem']);
  });

  it('makes a join table an update of its owner, by the first part of its key', () => {
    const changes = liveChangesOf(
      [
        { tableName: 'user', action: 'update', recordIds: ['5'] },
        { tableName: 'user_role', action: 'insert', recordIds: ['5:2', '6:2'] },
        { tableName: 'role_permission', action: 'delete', recordIds: ['2:40', '2:41'] },
      ],
      resources,
    );
    expect(changes).toContainEqual({ resource: 'user', ids: ['5', '6'], action: 'updated' });
    expect(changes).toContainEqual({ resource: 'role', ids: ['2'], action: 'updated' });
    expect(changes).toContainEqual({ resource: 'officeMember', ids: ['5'], action: 'updated' });
  });

  it('names no id past the limit, or when the rows were too many to read', () => {
    const many = Array.from({ length: LIVE_LIMITS.ids + 1 }, (_, i) => String(i + 1));
    expect(liveChangesOf([{ tableName: 'param', action: 'update', recordIds: many }], resources)).toEqual([{ resource: 'param', ids: [], action: 'updated' }]);
    expect(liveChangesOf([{ tableName: 'param', action: 'delete' }], resources)).toEqual([{ resource: 'param', ids: [], action: 'deleted' }]);
  });

  it('says nothing of tables no list shows, nor of exports', () => {
    expect(liveChangesOf([{ tableName: 'login_attempt', action: 'insert', recordIds: ['1'] }, { tableName: 'param', action: 'export', recordIds: ['1'] }], resources)).toEqual([]);
  });
});

describe('payloadsOf', () => {
  it('packs changes into JSON arrays below PostgreSQL\'s 8000-byte limit, splitting a change by its ids', () => {
    const big: LiveChange = { resource: 'param', action: 'updated', ids: Array.from({ length: 100 }, (_, i) => `${i}`.padStart(120, '9')) };
    const small: LiveChange = { resource: 'app', action: 'created', ids: ['1'] };
    const payloads = payloadsOf([small, big]);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    const back = payloads.flatMap((p) => JSON.parse(p) as LiveChange[]);
    expect(back[0]).toEqual(small);
    expect(back.filter((c) => c.resource === 'param').flatMap((c) => c.ids)).toEqual(big.ids);
  });
});
