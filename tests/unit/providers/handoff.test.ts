/**
 * Taking over a workbench handoff (providers/handoff.ts): a session from an address is never
 * adopted silently unless the same user is already signed in here. Nobody signed in (or a session
 * that has ended) is asked "sign in as …?", another signed-in user is asked whether to switch, and
 * a one-time code is exchanged first. Against a fake fetch answering /user/info per token.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '../../../contract/codes';
import type { UserInfo } from '../../../contract/session';
import { acceptHandoff, handoffQuestion, type HandoffQuestion } from '../../../providers/handoff';
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
  const confirm = vi.fn(async (_question: HandoffQuestion) => answer);
  const replaceAddress = vi.fn();
  const outcome = acceptHandoff({ location: { pathname: '/home', search, hash: '' }, replaceAddress, confirm, fetch: fetch as unknown as typeof globalThis.fetch });
  return { outcome, fetch, confirm, replaceAddress };
}

const loggedOut = (fetch: ReturnType<typeof fakeFetch>, token: string) =>
  expect(fetch).toHaveBeenCalledWith('/base/admin/user/logout', expect.objectContaining({ headers: expect.objectContaining({ access_token: token }) }));

beforeEach(() => localStorage.clear());

describe('the question a session from an address asks', () => {
  it('asks nobody signed in whether to sign in as the account the link names', () => {
    expect(handoffQuestion({ state: 'none' }, users.mallory!)).toEqual({ kind: 'signIn', next: users.mallory });
  });

  it('treats a stored session that has ended like nobody signed in', () => {
    expect(handoffQuestion({ state: 'ended' }, users.mallory!)).toEqual({ kind: 'signIn', next: users.mallory });
  });

  it('asks another signed-in user whether to switch', () => {
    expect(handoffQuestion({ state: 'user', user: users.alice! }, users.mallory!)).toEqual({ kind: 'switch', current: users.alice, next: users.mallory });
  });

  it('asks to switch when it cannot tell who is signed in, naming them as last known', () => {
    expect(handoffQuestion({ state: 'unknown', name: 'Alice' }, users.mallory!)).toEqual({
      kind: 'switch',
      current: { id: 0, name: 'Alice', code: '', avatar: '' },
      next: users.mallory,
    });
  });

  it('asks nothing only when the same user is signed in', () => {
    expect(handoffQuestion({ state: 'user', user: users.alice! }, { ...users.alice! })).toBeNull();
  });
});

describe('a workbench handoff', () => {
  it('with ?token= and nobody signed in asks "sign in as Mallory?", and stores nothing when cancelled (login CSRF)', async () => {
    const { outcome, confirm, replaceAddress } = run('?token=mallory-1&appId=3&tab=2', false);
    expect(replaceAddress).toHaveBeenCalledWith('/home?tab=2');
    expect(await outcome).toBe('declined');
    expect(confirm).toHaveBeenCalledWith({ kind: 'signIn', next: users.mallory });
    expect(readToken()).toBeNull();
    expect(readAppId()).toBeNull();
  });

  it('with ?token= and nobody signed in signs in once the question is accepted', async () => {
    const { outcome, confirm } = run('?token=mallory-1&appId=3', true);
    expect(await outcome).toBe('taken');
    expect(confirm).toHaveBeenCalledOnce();
    expect(readToken()).toBe('mallory-1');
    expect(readAppId()).toBe('3');
  });

  it('with a stored session that has ended asks the same question', async () => {
    saveSession({ token: 'ended' });
    const { outcome, confirm } = run('?token=mallory-1', false);
    expect(await outcome).toBe('declined');
    expect(confirm).toHaveBeenCalledWith({ kind: 'signIn', next: users.mallory });
    expect(readToken()).not.toBe('mallory-1');
  });

  it('with a one-time code and nobody signed in asks too, and ends the code’s session when cancelled', async () => {
    const declined = run('?handoff=good-code&appId=5', false);
    expect(await declined.outcome).toBe('declined');
    expect(declined.fetch).toHaveBeenCalledWith('/base/admin/user/handoff', expect.objectContaining({ method: 'POST', body: JSON.stringify({ handoff: 'good-code', appId: '5' }) }));
    expect(declined.confirm).toHaveBeenCalledWith({ kind: 'signIn', next: users.mallory });
    expect(readToken()).toBeNull();
    await vi.waitFor(() => loggedOut(declined.fetch, 'mallory-1'));

    const taken = run('?handoff=good-code&appId=5', true);
    expect(await taken.outcome).toBe('taken');
    expect(readToken()).toBe('mallory-1');
    expect(readAppId()).toBe('5');
  });

  it('is taken silently for the same user', async () => {
    saveSession({ token: 'alice-1' });
    const { outcome, confirm } = run('?token=alice-2');
    expect(await outcome).toBe('taken');
    expect(confirm).not.toHaveBeenCalled();
    expect(readToken()).toBe('alice-2');
  });

  it('for another user asks whether to switch, and keeps the signed-in user when declined', async () => {
    saveSession({ token: 'alice-1', appId: 1 });
    const declined = run('?token=mallory-1&appId=9', false);
    expect(await declined.outcome).toBe('declined');
    expect(declined.confirm).toHaveBeenCalledWith({ kind: 'switch', current: users.alice, next: users.mallory });
    expect(readToken()).toBe('alice-1');
    expect(readAppId()).toBe('1');

    expect(await run('?token=mallory-1&appId=9', true).outcome).toBe('taken');
    expect(readToken()).toBe('mallory-1');
  });

  it('ends a code’s new session when the switch is declined', async () => {
    saveSession({ token: 'alice-1' });
    const declined = run('?handoff=good-code&appId=5', false);
    expect(await declined.outcome).toBe('declined');
    expect(readToken()).toBe('alice-1');
    await vi.waitFor(() => loggedOut(declined.fetch, 'mallory-1'));
  });

  it('changes nothing and asks nothing when the code or the token does not work', async () => {
    const forged = run('?token=forged');
    expect(await forged.outcome).toBe('failed');
    expect(readToken()).toBeNull();
    saveSession({ token: 'alice-1' });
    const used = run('?handoff=used-code&appId=5');
    expect(await used.outcome).toBe('failed');
    expect(await run('?token=forged').outcome).toBe('failed');
    expect(readToken()).toBe('alice-1');
    expect(forged.confirm).not.toHaveBeenCalled();
    expect(used.confirm).not.toHaveBeenCalled();
  });

  it('is not there without a token or a code', async () => {
    const { outcome, replaceAddress } = run('?appId=3');
    expect(await outcome).toBe('none');
    expect(replaceAddress).not.toHaveBeenCalled();
  });
});
