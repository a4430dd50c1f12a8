/** The bound on password hashing running at once (server/auth/hashGate.ts). */
import { describe, expect, it } from 'vitest';
import { Code } from '../../../contract';
import { createHashGate } from '../../../server/auth/hashGate';

/** Work that runs until `finish` is called. */
function pending() {
  let finish!: () => void;
  const done = new Promise<string>((resolve) => (finish = () => resolve('hashed')));
  return { work: () => done, finish };
}

const refusal = (run: Promise<unknown>) => run.then(() => 'ran', (error: { code?: number }) => error.code);

describe('the hashing gate', () => {
  it('refuses at once, without running the work, beyond the bound of one address and of the whole process', async () => {
    const gate = createHashGate({ total: 2, perAddress: 1 });
    const first = pending();
    const running = gate.run('10.0.0.1', first.work);
    let ran = false;
    expect(await refusal(gate.run('10.0.0.1', async () => (ran = true)))).toBe(Code.TOO_MANY_ATTEMPTS);
    const second = pending();
    const other = gate.run('10.0.0.2', second.work);
    expect(await refusal(gate.run('10.0.0.3', async () => (ran = true)))).toBe(Code.TOO_MANY_ATTEMPTS);
    expect(ran).toBe(false);

    first.finish();
    second.finish();
    expect(await running).toBe('hashed');
    expect(await other).toBe('hashed');
    // Room again once the work is done, failed work included.
    await expect(gate.run('10.0.0.1', async () => Promise.reject(new Error('scrypt failed')))).rejects.toThrow('scrypt failed');
    expect(await gate.run('10.0.0.1', async () => 'again')).toBe('again');
  });
});
