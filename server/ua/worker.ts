/**
 * A UA worker thread (started by ./pool.ts through ./workerEntry.mjs): compiles uap-core's rule set
 * once, then runs the tasks it is sent, one at a time, answering each with its id.
 */
import { parentPort } from 'node:worker_threads';
import { baseRuleSet } from './ruleSet';
import { runTask, type UaAnswer, type UaTask } from './tasks';

export interface TaskMessage {
  id: number;
  task: UaTask;
}

export type AnswerMessage = { id: number; answer: UaAnswer } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('server/ua/worker.ts runs as a worker thread');

baseRuleSet();
port.on('message', ({ id, task }: TaskMessage) => {
  let message: AnswerMessage;
  try {
    message = { id, answer: runTask(task) };
  } catch (error) {
    message = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(message);
});
port.postMessage({ ready: true });
