// Starts ./worker.ts in a worker thread. Node 20 does not pass `--import tsx` on to workers (the
// server runs as `node --import tsx`, the tests under vitest): the worker registers tsx itself.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
