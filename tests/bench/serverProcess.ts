/**
 * The server as `npm start` runs it (`node --import tsx server/main.ts`, its own process and
 * logger), on a given database, for the benchmarks. SEED defaults to `none`: the bench fills its
 * own data. Answers its address and how long it took to answer /healthz.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export const BENCH_ADMIN_PASSWORD = 'Bench#Admin2024';

export interface ServerProcess {
  address: string;
  /** From spawn to the first /healthz answering 200. */
  startupMs: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

export interface StartOptions {
  databaseUrl: string;
  env?: Record<string, string>;
  /** Node flags before the script, e.g. `--cpu-prof`. */
  nodeFlags?: string[];
  /** The script to run (default the server's own entry). */
  entry?: string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export async function startServer({ databaseUrl, env = {}, nodeFlags = [], entry = 'server/main.ts' }: StartOptions): Promise<ServerProcess> {
  const port = await freePort();
  const address = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', entry], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD, SEED: 'none', ...env },
    // Its log lines go where a production server's go: written, not shown (BENCH_SERVER_LOG shows them).
    stdio: ['ignore', process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode} before answering /healthz`);
    try {
      if ((await fetch(`${address}/healthz`)).ok) return { address, startupMs: performance.now() - started, child, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  await stop();
  throw new Error('The server did not answer /healthz within 60 s');
}
