import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    // A worker per core: Vitest's default leaves one core for itself, which on a 2-core machine runs
    // every test file one after another (its own work is small beside a file's).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
          // antd in jsdom is slow; a loaded 2-core machine must not turn that into failures.
          testTimeout: 30000,
          server: { deps: { inline: [/@refinedev\//] } },
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Tests share one database per file; files run in parallel, each with its own. Preparing
          // a database (migrations, seed) on a busy 2-core machine can take longer than the default.
          testTimeout: 20000,
          hookTimeout: 60000,
          // Files share their worker's loaded modules (no per-file fresh import of the server: about
          // half of the project's time). Nothing here mocks modules or changes process state, and each
          // file still gets its own database and app.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'proof',
          include: ['tests/proof/**/*.proof.ts'],
          environment: 'node',
          // Real server processes under load or killed: one proof at a time, minutes each.
          fileParallelism: false,
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/globalSetup.ts'],
          setupFiles: ['tests/e2e/failureShots.ts'],
          // One browser, one server: scenarios run one file at a time.
          fileParallelism: false,
          // Bounds for a machine that may be busy with other work (./tests/e2e/browser.ts, WAIT_MS).
          testTimeout: 180_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
});
