import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract';
import { sha256Hex } from '../../server/auth/passwords';
import { createLogger, redactedParams, redactUrl } from '../../server/logger';
import { ADMIN, startTestServer, type TestServer } from './harness';

let server: TestServer;
const lines: string[] = [];
beforeAll(async () => {
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  server = await startTestServer({ logger: createLogger({ level: 'info', destination }) });
});
afterAll(async () => {
  await server?.close();
});

describe('request logs', () => {
  it('never contain tokens, passwords or bodies', async () => {
    const token = await server.tokenFor(ADMIN.username, ADMIN.password);
    await server.call('GET', '/base/admin/param/list', { token });
    await server.call('GET', `/base/admin/user/info?token=${token}&x=1`);
    await server.call('POST', '/base/admin/param/saveOrUpdate', { token, body: { sortNum: 1, paramKey: 'log.secret', value: 'body-value' } });
    const log = lines.join('');
    expect(log).toContain('/base/admin/param/list');
    expect(log).toContain('/base/admin/user/info?token=[redacted]&x=1');
    expect(log).not.toContain(token);
    expect(log).not.toContain(sha256Hex(ADMIN.password));
    expect(log).not.toContain('body-value');
  });
});

describe('the access log', () => {
  it('writes one line per request when it is answered: method, path, address, status and time', async () => {
    const token = await server.tokenFor(ADMIN.username, ADMIN.password);
    const before = lines.length;
    await server.call('GET', '/base/admin/param/list?page=2', { token, remoteAddress: '10.1.2.3' });
    const written = lines.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ req: { method: 'GET', url: '/base/admin/param/list?page=2', remoteAddress: '10.1.2.3' }, res: { statusCode: 200 }, msg: 'request completed' });
    expect(written[0]!.responseTime).toEqual(expect.any(Number));
  });
});

describe('tokens in the query', () => {
  it('never reach the log, however the name is encoded', async () => {
    const token = await server.tokenFor(ADMIN.username, ADMIN.password);
    const answer = await server.call('GET', `/base/admin/user/info?tok%65n=${token}&x=1`);
    expect(answer.body.code).toBe(Code.OK);
    for (const name of ['%74%6F%6B%65%6E', 'ToKeN', 'access%5Ftoken', 'p%77d']) await server.call('GET', `/base/admin/user/info?${name}=${token}`);
    expect(lines.join('')).not.toContain(token);
  });

  it('authenticate only the call the handoff needs (/user/info)', async () => {
    const token = await server.tokenFor(ADMIN.username, ADMIN.password);
    expect((await server.call('GET', `/base/admin/param/list?tok%65n=${token}`)).body.code).toBe(Code.NO_TOKEN);
    expect((await server.call('GET', '/base/admin/param/list', { query: { token } })).body.code).toBe(Code.NO_TOKEN);
    expect((await server.call('GET', '/base/admin/user/info', { query: { token } })).body.code).toBe(Code.OK);
    expect(lines.join('')).not.toContain(token);
  });
});

describe('redactUrl', () => {
  it('strips token values from query strings', () => {
    expect(redactUrl('/a?token=abc')).toBe('/a?token=[redacted]');
    expect(redactUrl('/a?x=1&access_token=abc&y=2')).toBe('/a?x=1&access_token=[redacted]&y=2');
    expect(redactUrl('/a?mytoken=abc')).toBe('/a?mytoken=abc');
  });

  it('strips every parameter named like a field a definition masks or looks up, in any case', () => {
    expect(redactUrl('/base/admin/customer/list?page=1&telephone=13800138000&EMAIL=a%40b.cn&name=x')).toBe(
      '/base/admin/customer/list?page=1&telephone=[redacted]&EMAIL=[redacted]&name=x',
    );
    expect(redactUrl('/x?qq=10371930&receiveAddress=a&bankCode=6222')).toBe('/x?qq=[redacted]&receiveAddress=[redacted]&bankCode=[redacted]');
    // Derived from the definitions: a new masked field is redacted without a list to keep.
    expect(redactedParams([{ privacy: { masked: { idNumber: 'taxNumber' }, log: { resource: 'l', subject: 's' } } }])).toContain('idnumber');
  });

  it('strips the reset password hash of /user/resetPwd', () => {
    expect(redactUrl('/base/admin/user/resetPwd?ids=3&pwd=9f86d081884c7d65')).toBe('/base/admin/user/resetPwd?ids=3&pwd=[redacted]');
  });
});
