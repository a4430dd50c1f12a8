/**
 * Serves the built console (dist/): hashed assets with long caching, and for any other GET that
 * is not an API call the index.html with the runtime config injected (SPA fallback); every page
 * and asset under the console's Content-Security-Policy (consoleCsp.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath, pathOf } from '../http/paths';
import { consoleCsp } from './consoleCsp';
import { injectConsoleConfig, type ConsoleRuntimeConfig } from './indexHtml';

export interface ConsoleSite {
  dir: string;
  /** index.html with the config injected, built once at start. */
  indexHtml: string;
  /** The Content-Security-Policy of that page and of the assets. */
  csp: string;
}

/** The console in `dir`, or undefined when it has not been built. */
export function loadConsoleSite(dir: string, config: ConsoleRuntimeConfig): ConsoleSite | undefined {
  const root = resolve(dir);
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const indexHtml = injectConsoleConfig(readFileSync(indexFile, 'utf8'), config);
  return { dir: root, indexHtml, csp: consoleCsp(indexHtml) };
}

/** A GET for a page of the console: not an API call and not a file (no extension), or index.html itself. */
export function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = pathOf(request.url);
  if (isApiPath(path)) return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return path === '/index.html' || !lastSegment.includes('.');
}

export function sendConsolePage(site: ConsoleSite, reply: FastifyReply): FastifyReply {
  return reply
    .status(200)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('content-security-policy', site.csp)
    .send(site.indexHtml);
}

export function consoleStatic(site: ConsoleSite) {
  return async function register(app: FastifyInstance): Promise<void> {
    await app.register(fastifyStatic, {
      root: site.dir,
      index: false,
      // One route per built file; every other path goes to the not-found handler (SPA fallback).
      wildcard: false,
      cacheControl: false,
      // index.html is only ever served with its config injected; API paths are never files.
      allowedPath: (pathName) => pathName !== '/index.html' && !isApiPath(pathName),
      setHeaders: (res, filePath) => {
        const isHashedAsset = filePath.startsWith(join(site.dir, 'assets'));
        res.setHeader('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('content-security-policy', site.csp);
      },
    });
  };
}
