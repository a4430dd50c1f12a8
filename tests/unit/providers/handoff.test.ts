/**
 * Taking over a workbench handoff (providers/handoff.ts): silently when nobody, or the same user,
 * is signed in; only after asking when the link is for another user; a one-time code is exchanged
 * first. Against a fake fetch answering /user/info per token.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '../../../contract/codes';
import type { UserInfo } from '../../../contract/session';
import { acceptHandoff } from '../../../providers/handoff';
import { readAppId, readToken, saveSession } from '../../../providers/session';

const users: Record<string, UserInfo> = {
  alice: { id: 1, name: 'Alice', code: 'alice', avatar: '' },
  mallory: { id: 2, name: 'Mallory', code: 'mallory', avatar: '' },
};
/** token → its user, or an envelope code for a dead one. */
const sessions: Record<string, UserInfo | number> = { 'alice-1': users.alice!, 'alice-2': users.alice!, 'mallory-1': users.mallory!, ended: Code.TOKEN_EXPIRED };

const envelope = (code: number, data: unknown = null) => ({ json: async () => ({ code, msg: '', data }) });

function fakeFetch() {
  return vi.fn(async (url: string, init: RequestInit) => {
    const token = (init.headers as Record<string, string>).access_token;
    if (url === '/base/admin/user/handoff') {
      const { handoff } = JSON.parse(String(init.body)) as { handoff: string };
      return handoff === 'good-code' ? envelope(0, { token: 'mallory-1', appId: 5 }) : envelope(Code.NO_TOKEN);
    }
    if (url === '/base/admin/user/logout') return envelope(0);
    const session = token === undefined ? undefined : sessions[token];
    return typeof session === 'object' ? envelope(0, session) : envelope(typeof session === 'number' ? session : Code.NO_TOKEN);
  });
}

function run(search: string, answer = true) {
  const fetch = fakeFetch();
  const confirmSwitch = vi.fn(async () => answer);
  const replaceAddress = vi.fn();
  const outcome = acceptHandoff({ location: { pathname: '/home', search, hash: '' }, replaceAddress, confirmSwitch, fetch: fetch as unknown as typeof globalThis.fetch });
  return { outcome, fetch, confirmSwitch, replaceAddress };
}

beforeEach(() => localStorage.clear());

describe('a workbench handoff', () => {
  it('is taken silently when nobody is signed in, and leaves the address at once', async () => {
    const { outcome, fetch, confirmSwitch, replaceAddress } = run('?token=mallory-1&appId=3&tab=2');
    expect(replaceAddress).toHaveBeenCalledWith('/home?tab=2');
    expect(await outcome).toBe('taken');
    expect(readToken()).toBe('mallory-1');
    expect(readAppId()).toBe('3');
    expect(fetch).not.toHaveBeenCalled();
    expect(confirmSwitch).not.toHaveBeenCalled();
  });

  it('is taken silently for the same user, or when the stored session has ended', async () => {
    saveSession({ token: 'alice-1' });
    expect(await run('?token=alice-2').outcome).toBe('taken');
    expect(readToken()).toBe('alice-2');
    saveSession({ token: 'ended' });
    const { outcome, confirmSwitch } = run('?token=mallory-1');
    expect(await outcome).toBe('taken');
    expect(confirmSwitch).not.toHaveBeenCalled();
  });

  it('for another user asks first, and keeps the signed-in user when declined', async () => {
    saveSession({ token: 'alice-1', appId: 1 });
    const declined = run('?token=mallory-1&appId=9', false);
    expect(await declined.outcome).toBe('declined');
    expect(declined.confirmSwitch).toHaveBeenCalledWith(users.alice, users.mallory);
    expect(readToken()).toBe('alice-1');
    expect(readAppId()).toBe('1');

    expect(await run('?token=mallory-1&appId=9', true).outcome).toBe('taken');
    expect(readToken()).toBe('mallory-1');
  });

  it('exchanges a one-time code first, and ends the new session when the switch is declined', async () => {
    const taken = run('?handoff=good-code&appId=5');
    expect(await taken.outcome).toBe('taken');
    expect(taken.fetch).toHaveBeenCalledWith('/base/admin/user/handoff', expect.objectContaining({ method: 'POST', body: JSON.stringify({ handoff: 'good-code', appId: '5' }) }));
    expect(readToken()).toBe('mallory-1');

    saveSession({ token: 'alice-1' });
    const declined = run('?handoff=good-code&appId=5', false);
    expect(await declined.outcome).toBe('declined');
    expect(readToken()).toBe('alice-1');
    await vi.waitFor(() => expect(declined.fetch).toHaveBeenCalledWith('/base/admin/user/logout', expect.objectContaining({ headers: expect.objectContaining({ access_token: 'mallory-1' }) })));
  });

  it('changes nothing when the code or the token does not work', async () => {
    saveSession({ token: 'alice-1' });
    expect(await run('?handoff=used-code&appId=5').outcome).toBe('failed');
    expect(await run('?token=forged').outcome).toBe('failed');
    expect(readToken()).toBe('alice-1');
  });

  it('is not there without a token or a code', async () => {
    const { outcome, replaceAddress } = run('?appId=3');
    expect(await outcome).toBe('none');
    expect(replaceAddress).not.toHaveBeenCalled();
  });
});
