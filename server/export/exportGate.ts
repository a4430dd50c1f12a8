/**
 * How many exports run at once: one per caller, and a few per server (each keeps a core busy while
 * it zips), so an export is bounded work and the others' requests keep their share.
 */
export const MAX_EXPORTS_PER_SERVER = 2;
export const MAX_EXPORTS_PER_CALLER = 1;

export function createExportGate(perServer = MAX_EXPORTS_PER_SERVER, perCaller = MAX_EXPORTS_PER_CALLER) {
  const running = new Map<number, number>();
  let total = 0;
  return {
    /** A release function, or undefined when the caller or the server runs as many as it may. */
    acquire(callerId: number): (() => void) | undefined {
      const own = running.get(callerId) ?? 0;
      if (total >= perServer || own >= perCaller) return undefined;
      total++;
      running.set(callerId, own + 1);
      let isReleased = false;
      return () => {
        if (isReleased) return;
        isReleased = true;
        total--;
        const left = (running.get(callerId) ?? 1) - 1;
        if (left > 0) running.set(callerId, left);
        else running.delete(callerId);
      };
    },
  };
}

/** The process's gate (exports of every list share it). */
export const exportGate = createExportGate();
