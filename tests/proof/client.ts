/**
 * An HTTP client of a real server for the proofs: every answer is checked to be the envelope
 * ({ code, msg, data }) and no 5xx; what is not is collected as a fault, which the proofs assert
 * to be none.
 */
import { sha256Hex } from '../../server/auth/passwords';
import { BENCH_ADMIN_PASSWORD } from '../bench/serverProcess';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export class Client {
  readonly faults: string[] = [];
  token = '';

  constructor(readonly address: string) {}

  async call<T = unknown>(method: 'GET' | 'POST', path: string, params: Record<string, unknown> = {}): Promise<Envelope<T>> {
    const url = new URL(`${this.address}${path}`);
    if (method === 'GET') for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...(this.token ? { access_token: this.token } : {}) },
        body: method === 'POST' ? JSON.stringify(params) : undefined,
      });
    } catch (error) {
      this.faults.push(`${method} ${path}: no answer (${error instanceof Error ? error.message : String(error)})`);
      return { code: -1, msg: 'no answer', data: undefined as T };
    }
    const text = await response.text();
    let body: Envelope<T> | undefined;
    try {
      body = JSON.parse(text) as Envelope<T>;
    } catch {
      body = undefined;
    }
    if (response.status >= 500 || !body || typeof body.code !== 'number' || typeof body.msg !== 'string' || !('data' in body)) {
      this.faults.push(`${method} ${path} ${JSON.stringify(params).slice(0, 200)} → ${response.status} ${text.slice(0, 300)}`);
      return body && typeof body.code === 'number' ? body : { code: -1, msg: text, data: undefined as T };
    }
    return body;
  }

  async login(username = 'admin', password = BENCH_ADMIN_PASSWORD): Promise<void> {
    const answer = await this.call<{ token: string }>('POST', '/base/admin/user/login', { username, password: sha256Hex(password) });
    if (answer.code !== 0) throw new Error(`login of ${username}: ${answer.code} ${answer.msg}`);
    this.token = answer.data.token;
  }
}

/** Runs `step` in a loop on each of `clients` until `ms` have passed; answers each client's step count. */
export async function forEach<C>(clients: readonly C[], ms: number, step: (client: C, index: number, round: number) => Promise<void>): Promise<number[]> {
  const until = Date.now() + ms;
  return Promise.all(
    clients.map(async (client, index) => {
      let round = 0;
      while (Date.now() < until) await step(client, index, round++);
      return round;
    }),
  );
}
