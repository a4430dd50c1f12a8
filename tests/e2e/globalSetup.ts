/**
 * Starts the real server (built console + API) on a free port with a fresh SQLite database, as
 * `npm start` would, and hands its address to the browser tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

export const ADMIN_PASSWORD = 'e2e-Admin-pass1';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs = 30000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not answer ${url} within ${timeoutMs} ms`);
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'console-e2e-'));
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: join(dir, 'console.db'),
      ADMIN_PASSWORD,
      SEED: 'demo',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Kept beside the failure shots (./failureShots.ts): a slow or refused call on CI can be read afterwards.
  mkdirSync('.e2e', { recursive: true });
  const log = createWriteStream(`.e2e/server-${process.pid}.log`);
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  let output = '';
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${baseUrl}/healthz`, server);
  } catch (error) {
    server.kill('SIGKILL');
    console.error(output);
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('adminPassword', ADMIN_PASSWORD);
  project.provide('databasePath', join(dir, 'console.db'));
  return () => {
    server.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminPassword: string;
    /** The server's SQLite file, for setting up what no screen creates yet (staff accounts). */
    databasePath: string;
  }
}
