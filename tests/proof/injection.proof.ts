/**
 * Injection run: sqlmap (./sqlmap.ts) against the list and search calls of the server as
 * `npm start` runs it, with a valid token, query strings and JSON bodies. Any finding fails, and
 * so does a run that could not test (refused or failing calls). First, a check that the harness
 * finds an injection where there is one: a deliberately injectable endpoint that exists only in
 * this proof, never in the product.
 */
import { createServer, type Server } from 'node:http';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_HEADER } from '../../contract';
import { benchDatabase, type BenchDatabase } from '../bench/benchDatabase';
import { freePort, startServer, type ServerProcess } from '../bench/serverProcess';
import { Client } from './client';
import { SQLMAP_SECONDS, sqlmap, type Target } from './sqlmap';

let database: BenchDatabase;
let server: ServerProcess;
let token: string;
beforeAll(async () => {
  database = await benchDatabase('sqlite', 'injection');
  server = await startServer({ databaseUrl: database.url, env: { SEED: 'demo' } });
  const admin = new Client(server.address);
  await admin.login();
  token = admin.token;
});
afterAll(async () => {
  await server?.stop();
  await database?.dispose();
});

/** The product's list and search calls with the parameters that reach SQL. */
function targets(): Target[] {
  const get = (path: string, query: string): Target => ({ method: 'GET', url: `${server.address}${path}?${query}`, headers: { [TOKEN_HEADER]: token } });
  const post = (path: string, body: Record<string, unknown>): Target => ({ method: 'POST', url: `${server.address}${path}`, body, headers: { [TOKEN_HEADER]: token } });
  return [
    get('/base/admin/user/list', 'name=%E5%BC%A0&telephone=138&code=E1&roleIds=1&officeId=1&pageNo=1&pageSize=10'),
    post('/base/admin/user/list', { searchKey: 'wang', pageNo: 2, pageSize: 10 }),
    get('/base/admin/user/filterList', 'searchKey=li&pageNo=1&pageSize=10'),
    get('/base/admin/param/list', 'paramKey=mail&value=x&remark=y&page=1&size=10'),
    post('/base/admin/param/list', { paramKey: 'mail', page: 1, size: 10 }),
    get('/base/admin/app/list', 'code=crm&name=x&pageNo=1&pageSize=10'),
    get('/base/admin/role/list', 'roleKey=a&name=b&appId=1&pageNo=1&pageSize=10'),
    get('/base/admin/dic/list', 'parentId=0&searchKey=TRADE&page=1&size=10'),
    get('/base/admin/customer/list', 'name=a&companyName=b&page=1&size=10'),
    get('/v2/ua/list', 'uaMessage=Mozilla&uaStatus=0&page=1&pageSize=30'),
    get('/base/admin/mediaStats/list', 'startDate=2026-01-01&endDate=2026-01-31&serviceId=1&order=desc&page=1&size=30'),
    get('/base/admin/auditLog/list', 'route=param&tableName=param&recordId=1&changedAtFrom=0&page=1&size=20'),
    get('/base/admin/loginLog/list', 'userName=admin&address=127&page=1&size=20'),
  ];
}

/** An endpoint that pastes `id` into its SQL: what the harness must catch. */
async function injectable(): Promise<{ url: string; server: Server }> {
  const sqlite = new SQLite(':memory:');
  sqlite.exec("create table item (id integer primary key, name text); insert into item (name) values ('a'), ('b'), ('c')");
  const port = await freePort();
  const httpServer = createServer((request, response) => {
    const id = new URL(request.url ?? '/', 'http://x').searchParams.get('id') ?? '1';
    try {
      const rows = sqlite.prepare(`select id, name from item where id = ${id}`).all();
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rows));
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => httpServer.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/item?id=1`, server: httpServer };
}

describe('the injection run', () => {
  it('finds the injection of an endpoint built to have one', async () => {
    const { url, server: httpServer } = await injectable();
    try {
      const outcome = await sqlmap({ method: 'GET', url });
      expect(outcome.isInjectable, outcome.output.slice(-2000)).toBe(true);
    } finally {
      httpServer.close();
    }
  });

  it('finds none in the list and search calls, every one of them tested', async () => {
    const findings: string[] = [];
    const queue = targets();
    // Three runs at a time: sqlmap mostly waits, on the server and on its own time-based probes.
    await Promise.all([0, 1, 2].map(async () => {
      for (let target = queue.shift(); target; target = queue.shift()) await run(target);
    }));
    expect(findings).toEqual([]);

    async function run(target: Target): Promise<void> {
      const name = `${target.method} ${target.url.replace(server.address, '')}`;
      // The bound only stops a hung run. A run it ends (a busy machine, or sqlmap led by a noisy
      // comparison into a 999-column UNION search) is run again with twice the time, twice at most.
      let outcome = await sqlmap(target);
      for (let seconds = 2 * SQLMAP_SECONDS; outcome.timedOut && seconds <= 4 * SQLMAP_SECONDS; seconds *= 2) {
        console.log(`sqlmap ${name}: ended by the bound, again with ${seconds} s`);
        outcome = await sqlmap(target, seconds);
      }
      if (outcome.isInjectable || !outcome.hasTested) findings.push(`${name}: ${outcome.isInjectable ? 'INJECTABLE' : `not tested (${[...outcome.errors, ...(outcome.timedOut ? ['ended by the bound'] : [])].join(', ')})`}\n${outcome.output.slice(-1500)}`);
      console.log(`sqlmap ${name}: ${outcome.isInjectable ? 'injectable' : outcome.hasTested ? 'clean' : 'not tested'} (HTTP errors: ${outcome.errors.join(', ') || 'none'})`);
    }
  }, 30 * 60_000);
});
