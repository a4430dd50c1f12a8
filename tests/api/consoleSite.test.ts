import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let dist: string;
const INDEX = '<!doctype html><html><head><title>console</title><!--console-config--></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'console-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'main-abc123.js'), 'console.log("hi")');
  writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
  server = await startTestServer({ consoleDir: dist, workbenchUrl: 'https://work.example.com/login?next=</script><script>alert(1)</script>' });
});
afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => server.app.inject({ method: 'GET', url });

describe('the built console', () => {
  it('answers every page route with index.html carrying the runtime config, safely escaped', async () => {
    for (const url of ['/', '/system/param', '/login?redirect=%2Fhome', '/index.html']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).not.toContain('<!--console-config-->');
      expect(response.body).toContain(
        '<script>window.__CONSOLE_CONFIG__={"workbenchUrl":"https://work.example.com/login?next=\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"}</script>',
      );
    }
  });

  it('serves hashed assets with long caching and other files with revalidation', async () => {
    const asset = await get('/assets/main-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("hi")');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing file with 404, not the page', async () => {
    const missing = await get('/assets/missing-000.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(Code.NOT_FOUND);
  });

  it('never answers API paths with the page', async () => {
    const unknownApi = await get('/base/admin/whatever');
    expect(unknownApi.statusCode).toBe(401);
    expect(unknownApi.json().code).toBe(Code.NO_TOKEN);
    const dashboard = await get('/admin/dashboard/statistics/totalNums');
    expect(dashboard.statusCode).toBe(404);
    expect(dashboard.json().code).toBe(Code.NOT_FOUND);
  });
});
