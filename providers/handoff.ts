/**
 * Taking over a workbench handoff, before the console starts (app/main.tsx). The address's
 * credential leaves the address bar at once. A one-time code (`?handoff=`) is exchanged for a
 * session of its own. A session from an address is never adopted silently: anyone can put their
 * own token, or a code minted for their own account, in a link (login CSRF: the victim would then
 * work, and type, as the link's maker). Only when the same user is already signed in here does it
 * replace the stored session without a word; otherwise the console first asks, naming the account
 * the link signs in as: "sign in as …?" when nobody is signed in (or the stored session has
 * ended), "switch to …?" when someone else is. Declining a code's session ends it.
 */
import { SESSION_ENDED_CODES } from '../contract/codes';
import type { Envelope } from '../contract/envelope';
import { API_PREFIX, HANDOFF_EXCHANGE_PATH, LOGOUT_PATH, TOKEN_HEADER, USER_INFO_PATH, type HandoffAnswer, type UserInfo } from '../contract/session';
import { readHandoff, readToken, readUserName, startSession, type AddressLike } from './session';

export type HandoffOutcome = 'none' | 'taken' | 'declined' | 'failed';

/** Who is signed in here when a link arrives: as far as the server and the stored session tell. */
export type SignedIn =
  | { state: 'none' }
  | { state: 'ended' }
  | { state: 'user'; user: UserInfo }
  /** A stored session the server did not answer for: named as the console last knew it. */
  | { state: 'unknown'; name: string | null };

export type HandoffQuestion = { kind: 'signIn'; next: UserInfo } | { kind: 'switch'; current: UserInfo; next: UserInfo };

/** What to ask before adopting a session for `next`, or null to adopt it silently (the same user is signed in). */
export function handoffQuestion(current: SignedIn, next: UserInfo): HandoffQuestion | null {
  switch (current.state) {
    case 'none':
    case 'ended':
      return { kind: 'signIn', next };
    case 'user':
      return current.user.id === next.id ? null : { kind: 'switch', current: current.user, next };
    case 'unknown':
      return { kind: 'switch', current: { id: 0, name: current.name ?? '', code: '', avatar: '' }, next };
  }
}

export interface HandoffOptions {
  location: AddressLike;
  /** Puts the cleaned address in place of the current history entry. */
  replaceAddress(address: string): void;
  /** Asks the person at the keyboard; true adopts the link's session. */
  confirm(question: HandoffQuestion): Promise<boolean>;
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

/** Who the stored token (if any) belongs to, from the server's answer to /user/info with it. */
function signedIn(stored: string | null, answer: { code: number; data: UserInfo } | null): SignedIn {
  if (!stored) return { state: 'none' };
  if (answer && SESSION_ENDED_CODES.includes(answer.code)) return { state: 'ended' };
  if (answer?.code === 0) return { state: 'user', user: answer.data };
  return { state: 'unknown', name: readUserName() };
}

export async function acceptHandoff({ location, replaceAddress, confirm, fetch: fetchFn = fetch }: HandoffOptions): Promise<HandoffOutcome> {
  const handoff = readHandoff(location);
  if (!handoff) return 'none';
  replaceAddress(handoff.cleaned);
  const call = caller(fetchFn);

  let { appId } = handoff;
  let token = handoff.credential.value;
  const isCode = handoff.credential.kind === 'code';
  if (isCode) {
    const exchanged = await call<HandoffAnswer>(HANDOFF_EXCHANGE_PATH, undefined, { handoff: token, appId });
    if (exchanged?.code !== 0) return 'failed';
    ({ token } = exchanged.data);
    appId = String(exchanged.data.appId);
  }

  const stored = readToken();
  const [now, next] = await Promise.all([stored && stored !== token ? call<UserInfo>(USER_INFO_PATH, stored) : null, call<UserInfo>(USER_INFO_PATH, token)]);
  if (next?.code !== 0) return 'failed';
  // The same token as the stored one changes nothing: nobody new signs in.
  if (stored !== token) {
    const question = handoffQuestion(signedIn(stored, now), next.data);
    if (question && !(await confirm(question))) {
      if (isCode) void call(LOGOUT_PATH, token, {});
      return 'declined';
    }
  }
  startSession(token, appId);
  return 'taken';
}
