/**
 * A UA worker thread (started by ./pool.ts through ./workerEntry.mjs): compiles uap-core's rule set
 * once and runs it over the reference strings (V8 compiles a regex at its first use: the first
 * task should not pay for that, nor count it against its time budget), says it is ready, then runs
 * the tasks it is sent, one at a time, answering each with its id.
 */
import { parentPort } from 'node:worker_threads';
import { referenceStrings } from './operatorRules';
import { baseRuleSet, parseUa } from './ruleSet';
import { runTask, type UaAnswer, type UaTask } from './tasks';

export interface TaskMessage {
  id: number;
  task: UaTask;
}

/** `ms`: the task's own running time, measured here (the pool's timer may fire late on a busy event loop). */
export type AnswerMessage = { id: number; answer: UaAnswer; ms: number } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('server/ua/worker.ts runs as a worker thread');

const set = baseRuleSet();
for (const s of ['x', ...referenceStrings()]) parseUa(s, set);
port.on('message', ({ id, task }: TaskMessage) => {
  let message: AnswerMessage;
  const start = performance.now();
  try {
    message = { id, answer: runTask(task), ms: performance.now() - start };
  } catch (error) {
    message = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(message);
});
port.postMessage({ ready: true });
