import { createHash } from 'node:crypto';
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

  it('sends a strict Content-Security-Policy with every page and asset: scripts only from the site and the injected config script by its hash', async () => {
    const page = await get('/');
    const inline = /<script>([\s\S]*?)<\/script>/.exec(page.body)![1]!;
    const hash = `'sha256-${createHash('sha256').update(inline, 'utf8').digest('base64')}'`;
    for (const url of ['/', '/login', '/login?redirect=%2Fhome', '/system/param', '/index.html', '/assets/main-abc123.js', '/favicon.svg']) {
      const csp = String((await get(url)).headers['content-security-policy']);
      const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
      expect(directives['script-src'], url).toEqual(["'self'", hash]);
      expect(directives['default-src'], url).toEqual(["'self'"]);
      expect(directives['object-src'], url).toEqual(["'none'"]);
      expect(directives['base-uri'], url).toEqual(["'self'"]);
      expect(directives['frame-ancestors'], url).toEqual(["'none'"]);
      expect(directives['connect-src'], url).toEqual(["'self'"]);
      expect(csp, url).not.toContain('unsafe-eval');
    }
  });

  it('answers a missing file with 404, not the page', async () => {
    const missing = await get('/assets/missing-000.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(Code.NOT_FOUND);
  });

  it('never answers API paths with the page: every API prefix asks for a token first', async () => {
    for (const path of ['/base/admin/whatever', '/admin/dashboard/whatever', '/siteuser/whatever', '/v2/whatever']) {
      const unknownApi = await get(path);
      expect(unknownApi.statusCode, path).toBe(401);
      expect(unknownApi.json().code, path).toBe(Code.NO_TOKEN);
      expect(unknownApi.headers['content-security-policy'], path).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });
});
