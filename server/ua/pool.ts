/**
 * The UA worker pool: parse and match tasks (./tasks.ts) run in worker threads, never on the
 * server's event loop. One worker per core but one (the event loop keeps a core), at least one;
 * each compiles uap-core's rule set once when it starts, and takes tasks only when ready. A task
 * has a time budget: when it is spent the worker is terminated (the only way to stop a running
 * match) and a new one started, and the task fails with UaTaskTimeout. At most `maxWaiting`
 * tasks wait; more fail at once with UaPoolBusy. A waiting task whose caller went away is dropped.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { UaAnswer, UaTask } from './tasks';
import type { AnswerMessage, TaskMessage } from './worker';

export class UaPoolBusy extends Error {}
export class UaTaskTimeout extends Error {}
export class UaWorkerFailed extends Error {}

export interface UaPoolOptions {
  /** Worker threads (default: cores − 1, at least 1, at most 4). */
  size?: number;
  /** Time one task may run before its worker is terminated. */
  budgetMs?: number;
  /** Tasks that may wait for a worker. */
  maxWaiting?: number;
}

export const DEFAULT_UA_POOL = {
  size: Math.max(1, Math.min(4, availableParallelism() - 1)),
  budgetMs: 5000,
  maxWaitingPerWorker: 8,
};

export interface UaPool {
  run(task: UaTask, signal?: AbortSignal): Promise<UaAnswer>;
  /** Workers started so far, and those replaced after a spent budget or a failure. */
  stats(): { started: number; replaced: number; waiting: number };
  close(): Promise<void>;
}

interface Job {
  task: UaTask;
  resolve: (answer: UaAnswer) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  isReady: boolean;
  job?: Job;
  jobId?: number;
}

const ENTRY = new URL('./workerEntry.mjs', import.meta.url);

export function createUaPool(options: UaPoolOptions = {}): UaPool {
  const size = options.size ?? DEFAULT_UA_POOL.size;
  const budgetMs = options.budgetMs ?? DEFAULT_UA_POOL.budgetMs;
  const maxWaiting = options.maxWaiting ?? size * DEFAULT_UA_POOL.maxWaitingPerWorker;
  const slots: Array<Slot | undefined> = [];
  const waiting: Job[] = [];
  let nextId = 0;
  let started = 0;
  let replaced = 0;
  let isClosed = false;

  function settle(slot: Slot, outcome: { answer: UaAnswer } | { error: Error }): void {
    const job = slot.job;
    if (!job) return;
    clearTimeout(job.timer);
    slot.job = undefined;
    slot.jobId = undefined;
    if ('answer' in outcome) job.resolve(outcome.answer);
    else job.reject(outcome.error);
  }

  function spawn(index: number): void {
    // A regex program is bounded, but memory should be too: a runaway task fails, not the server.
    const worker = new Worker(ENTRY, { resourceLimits: { maxOldGenerationSizeMb: 512 } });
    worker.unref();
    const slot: Slot = { worker, isReady: false };
    slots[index] = slot;
    started += 1;
    worker.on('message', (message: AnswerMessage | { ready: true }) => {
      if ('ready' in message) {
        slot.isReady = true;
      } else if (message.id === slot.jobId) {
        // A task past its budget fails however its answer raced the timer.
        if ('answer' in message && message.ms > budgetMs) settle(slot, { error: new UaTaskTimeout(`spent its budget of ${budgetMs} ms`) });
        else settle(slot, 'answer' in message ? { answer: message.answer } : { error: new UaWorkerFailed(message.error) });
      }
      dispatch();
    });
    const fail = (error: Error) => {
      if (slots[index] !== slot) return;
      settle(slot, { error: new UaWorkerFailed(error.message) });
      replace(index);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the UA worker exited with ${code}`)));
  }

  function replace(index: number): void {
    const slot = slots[index];
    if (slot) {
      slots[index] = undefined;
      void slot.worker.terminate();
    }
    if (isClosed) return;
    replaced += 1;
    spawn(index);
  }

  function dispatch(): void {
    for (let index = 0; index < slots.length; index++) {
      const slot = slots[index];
      if (!slot?.isReady || slot.job) continue;
      const job = waiting.shift();
      if (!job) return;
      const id = ++nextId;
      slot.job = job;
      slot.jobId = id;
      job.timer = setTimeout(() => {
        settle(slot, { error: new UaTaskTimeout(`spent its budget of ${budgetMs} ms`) });
        replace(index);
      }, budgetMs);
      slot.worker.postMessage({ id, task: job.task } satisfies TaskMessage);
    }
  }

  return {
    run(task, signal) {
      if (isClosed) return Promise.reject(new UaWorkerFailed('the UA pool is closed'));
      if (waiting.length >= maxWaiting) return Promise.reject(new UaPoolBusy(`${waiting.length} tasks are waiting`));
      for (let index = slots.length; index < size; index++) spawn(index);
      return new Promise<UaAnswer>((resolve, reject) => {
        const job: Job = { task, resolve, reject };
        waiting.push(job);
        signal?.addEventListener('abort', () => {
          const at = waiting.indexOf(job);
          if (at >= 0) {
            waiting.splice(at, 1);
            reject(new UaWorkerFailed('the caller went away'));
          }
        });
        dispatch();
      });
    },
    stats: () => ({ started, replaced, waiting: waiting.length }),
    async close() {
      isClosed = true;
      for (const job of waiting.splice(0)) job.reject(new UaWorkerFailed('the UA pool is closed'));
      await Promise.all(
        slots.map(async (slot, index) => {
          if (!slot) return;
          settle(slot, { error: new UaWorkerFailed('the UA pool is closed') });
          slots[index] = undefined;
          await slot.worker.terminate();
        }),
      );
    },
  };
}
