import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Argon2Gate } from './argon2-gate';

/** A stand-in for one argon2 run: takes `ms`, answers whether the guess was right. */
const verification = (ms: number, right: boolean) => async () => {
  await sleep(ms);
  return right;
};

describe('Argon2Gate', () => {
  it('runs one person\'s work one at a time, and another person\'s beside it', async () => {
    const gate = new Argon2Gate();
    const log: string[] = [];
    const work = (name: string) => async () => {
      log.push(`${name} start`);
      await sleep(20);
      log.push(`${name} end`);
    };
    await Promise.all([gate.run(1, work('a1')), gate.run(1, work('a2')), gate.run(2, work('b1'))]);
    expect(log.indexOf('a2 start')).toBeGreaterThan(log.indexOf('a1 end'));
    expect(log.indexOf('b1 start')).toBeLessThan(log.indexOf('a1 end'));
  });

  it('after a wrong guess holds the person\'s next run as long as the wrong one took; a right one not at all', async () => {
    const gate = new Argon2Gate();
    const starts: number[] = [];
    const timed = (ms: number, right: boolean) => async () => {
      starts.push(performance.now());
      return verification(ms, right)();
    };
    const failed = (ok: boolean) => !ok;
    await Promise.all([gate.run(1, timed(60, false), { failed }), gate.run(1, timed(1, true), { failed })]);
    // The wrong guess took about 60 ms; the next one starts about 60 ms after it ended, so about 120 ms after it began.
    expect(starts[1] - starts[0]).toBeGreaterThanOrEqual(110);
    starts.length = 0;
    await Promise.all([gate.run(2, timed(60, true), { failed }), gate.run(2, timed(1, true), { failed })]);
    expect(starts[1] - starts[0]).toBeLessThan(110);
  });

  it('answers the wrong guess itself without waiting for the pause', async () => {
    const gate = new Argon2Gate();
    const began = performance.now();
    await gate.run(1, verification(60, false), { failed: (ok) => !ok });
    expect(performance.now() - began).toBeLessThan(110);
  });

  it('refuses beyond four waiting, and says so beforehand by id and by sign-in name', async () => {
    const gate = new Argon2Gate();
    // One running and three waiting: a fifth may still wait.
    const runs = Array.from({ length: 4 }, () => gate.run(7, verification(30, true), { account: 'ola@example.com' }));
    expect(gate.refuses({ userId: 7 })).toBe(false);
    runs.push(gate.run(7, verification(30, true), { account: 'ola@example.com' }));
    expect(gate.refuses({ userId: 7 })).toBe(true);
    expect(gate.refuses({ account: 'ola@example.com' })).toBe(true);
    expect(gate.refuses({ account: 'kari@example.com' })).toBe(false);
    await expect(gate.run(7, verification(1, true))).rejects.toMatchObject({ status: 429 });
    await Promise.all(runs);
    expect(gate.refuses({ userId: 7 })).toBe(false);
    expect(gate.refuses({ account: 'ola@example.com' })).toBe(false);
  });
});
