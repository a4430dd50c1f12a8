/**
 * Bounds the password hashing (scrypt) running at once, in all and per client address. scrypt runs
 * on libuv's four worker threads: unbounded, a burst from one address queues every other login
 * (and file read) behind it for seconds. The excess is refused at once (1009), never queued.
 * In memory: it protects this process's threads, whatever other instances do.
 */
import { Code } from '../../contract';
import { ApiError } from '../errors';

export interface HashLimits {
  /** Hashing jobs at once in this process. */
  total: number;
  /** Hashing jobs at once for one client address. */
  perAddress: number;
}

export function createHashGate(limits: HashLimits) {
  let running = 0;
  const byAddress = new Map<string, number>();

  return {
    /** Runs `work` (the hashing) when both bounds leave room, else throws 1009 without running it. */
    async run<T>(address: string, work: () => Promise<T>): Promise<T> {
      const ofAddress = byAddress.get(address) ?? 0;
      if (running >= limits.total || ofAddress >= limits.perAddress) throw new ApiError(Code.TOO_MANY_ATTEMPTS);
      running++;
      byAddress.set(address, ofAddress + 1);
      try {
        return await work();
      } finally {
        running--;
        const left = (byAddress.get(address) ?? 1) - 1;
        if (left > 0) byAddress.set(address, left);
        else byAddress.delete(address);
      }
    },
  };
}

export type HashGate = ReturnType<typeof createHashGate>;
