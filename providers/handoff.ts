/**
 * Taking over a workbench handoff, before the console starts (src/main.tsx). The address's
 * credential leaves the address bar at once. A one-time code (`?handoff=`) is exchanged for a
 * session of its own. A handed-over session replaces the stored one silently only when nobody is
 * signed in, the stored session has ended, or it is the same user; for a different signed-in user
 * the console asks first, so a link cannot silently swap the user at the keyboard for another
 * (login CSRF). Declining a code's session ends it.
 */
import { SESSION_ENDED_CODES } from '../contract/codes';
import type { Envelope } from '../contract/envelope';
import { API_PREFIX, HANDOFF_EXCHANGE_PATH, TOKEN_HEADER, type HandoffAnswer, type UserInfo } from '../contract/session';
import { readHandoff, readToken, readUserName, startSession, type AddressLike } from './session';

export type HandoffOutcome = 'none' | 'taken' | 'declined' | 'failed';

export interface HandoffOptions {
  location: AddressLike;
  /** Puts the cleaned address in place of the current history entry. */
  replaceAddress(address: string): void;
  /** Whether to replace the signed-in user `current` with `next`. */
  confirmSwitch(current: UserInfo, next: UserInfo): Promise<boolean>;
  fetch?: typeof fetch;
}

type Call = <T>(path: string, token?: string, body?: unknown) => Promise<{ code: number; data: T } | null>;

function caller(fetchFn: typeof fetch): Call {
  return async (path, token, body) => {
    try {
      const response = await fetchFn(`${API_PREFIX}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { ...(token ? { [TOKEN_HEADER]: token } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: 'no-store',
      });
      const envelope = (await response.json()) as Envelope<never>;
      return typeof envelope?.code === 'number' ? envelope : null;
    } catch {
      return null;
    }
  };
}

export async function acceptHandoff({ location, replaceAddress, confirmSwitch, fetch: fetchFn = fetch }: HandoffOptions): Promise<HandoffOutcome> {
  const handoff = readHandoff(location);
  if (!handoff) return 'none';
  replaceAddress(handoff.cleaned);
  const call = caller(fetchFn);

  let { appId } = handoff;
  let token = handoff.credential.value;
  if (handoff.credential.kind === 'code') {
    const exchanged = await call<HandoffAnswer>(HANDOFF_EXCHANGE_PATH, undefined, { handoff: token, appId });
    if (exchanged?.code !== 0) return 'failed';
    ({ token } = exchanged.data);
    appId = String(exchanged.data.appId);
  }

  const current = readToken();
  if (current && current !== token) {
    const [now, next] = await Promise.all([call<UserInfo>('/user/info', current), call<UserInfo>('/user/info', token)]);
    if (next?.code !== 0) return 'failed';
    const hasEnded = now !== null && SESSION_ENDED_CODES.includes(now.code);
    const isSameUser = now?.code === 0 && now.data.id === next.data.id;
    // Not knowing who is signed in (no answer) asks too, naming them as the console last knew them.
    const currentUser: UserInfo = now?.code === 0 ? now.data : { id: 0, name: readUserName() ?? '', code: '', avatar: '' };
    if (!hasEnded && !isSameUser && !(await confirmSwitch(currentUser, next.data))) {
      if (handoff.credential.kind === 'code') void call('/user/logout', token, {});
      return 'declined';
    }
  }
  startSession(token, appId);
  return 'taken';
}
