import { Lifecycle } from './lifecycle';

describe('Lifecycle', () => {
  it('holds the close until the writes that outlive their answers have ended, failed ones too', async () => {
    const lifecycle = new Lifecycle();
    const ended: string[] = [];
    let finishSlow!: () => void;
    const slow = lifecycle.track(new Promise<void>((ok) => (finishSlow = ok)).then(() => ended.push('slow write')));
    const failed = lifecycle.track(Promise.reject(new Error('database gone')));
    await expect(failed).rejects.toThrow('database gone');

    const closed = lifecycle.beforeApplicationShutdown().then(() => ended.push('close'));
    await new Promise((r) => setTimeout(r, 20));
    expect(ended).toEqual([]);
    finishSlow();
    await closed;
    await slow;
    expect(ended).toEqual(['slow write', 'close']);
  });

  it('closes at once when nothing is in flight, and forgets writes that have ended', async () => {
    const lifecycle = new Lifecycle();
    await lifecycle.track(Promise.resolve(1));
    await expect(lifecycle.beforeApplicationShutdown()).resolves.toBeUndefined();
  });
});
