/** The open streams of a server (server/live/streams.ts): heartbeat, ended sessions, per-user bound, grants at delivery. */
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { LIVE_LIMITS } from '../../../contract/live';
import { liveStreams } from '../../../server/live/streams';

class FakeResponse extends EventEmitter {
  text = '';
  ended = false;
  writableLength = 0;
  write(chunk: string) {
    this.text += chunk;
    return true;
  }
  end() {
    this.ended = true;
    this.emit('close');
  }
}

function setUp({ heartbeatMs = 60_000 } = {}) {
  const live = new Map<number, { userId: number; mustChangePassword: boolean }>();
  const granted = new Set<string>();
  const streams = liveStreams({
    liveSessions: async (ids) => new Map([...live].filter(([id]) => ids.includes(id))),
    canCall: async (userId, path) => granted.has(`${userId} ${path}`),
    grantsVersion: async () => 1,
    listCallOf: (resource) => `/${resource}/list`,
    onError: (error) => {
      throw error;
    },
    heartbeatMs,
  });
  const open = (userId: number, sessionId: number) => {
    live.set(sessionId, { userId, mustChangePassword: false });
    const response = new FakeResponse();
    streams.open({ userId, sessionId }, response as unknown as ServerResponse);
    return response;
  };
  return { streams, live, granted, open };
}

describe('live streams', () => {
  it('writes a change only to callers granted its resource\'s list call now', async () => {
    const { streams, granted, open } = setUp();
    const allowed = open(1, 11);
    const refused = open(2, 12);
    granted.add('1 /param/list');
    await streams.deliver([{ resource: 'param', ids: ['4'], action: 'updated' }]);
    expect(allowed.text).toContain('event: change\ndata: {"resource":"param","ids":["4"],"action":"updated"}\n\n');
    expect(refused.text).not.toContain('event: change');
    granted.delete('1 /param/list');
    await streams.deliver([{ resource: 'param', ids: ['5'], action: 'updated' }]);
    expect(allowed.text).not.toContain('"5"');
    streams.closeAll();
  });

  it('sends a comment every heartbeat and closes a stream whose session ended at it', async () => {
    const { streams, live, open } = setUp({ heartbeatMs: 20 });
    const kept = open(1, 11);
    const ended = open(2, 12);
    live.delete(12);
    await new Promise((r) => setTimeout(r, 80));
    expect(kept.text).toContain(': heartbeat\n\n');
    expect(ended.ended).toBe(true);
    expect(ended.text).not.toContain('heartbeat');
    expect(streams.size).toBe(1);
    streams.closeAll();
    expect(kept.ended).toBe(true);
  });

  it(`closes a user's oldest stream past ${LIVE_LIMITS.perUser}`, () => {
    const { streams, open } = setUp();
    const tabs = Array.from({ length: LIVE_LIMITS.perUser + 1 }, (_, i) => open(1, 100 + i));
    expect(tabs[0]!.ended).toBe(true);
    // Told why, so that its console waits to be shown again before reconnecting.
    expect(tabs[0]!.text).toMatch(/event: displaced\ndata: \{\}\n\n$/);
    expect(tabs.slice(1).every((t) => !t.ended && !t.text.includes('displaced'))).toBe(true);
    expect(streams.size).toBe(LIVE_LIMITS.perUser);
    streams.closeAll();
  });
});
