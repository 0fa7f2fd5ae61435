import type { EntityManager } from 'typeorm';
import type { DatabasePort } from '../../database/database.port';
import { EventBus } from './domain-events';

declare module './domain-events' {
  interface TransactionEvents {
    'spec.counting': { held: { n: number } };
  }
  interface DomainEvents {
    'spec.told': { n: number };
  }
}

/**
 * The bus's kinds of publication (docs/architecture.md#how-an-event-flows). Its in-transaction handlers' writes rolling
 * back with the change is tested on a real database in test/staff-removal.e2e-spec.ts; here, the order and the errors.
 * Broadcasts are not used, so the bus gets no database.
 */
describe('the event bus', () => {
  const tx = {} as EntityManager;
  const bus = () => new EventBus(undefined as unknown as DatabasePort);

  it('runs in-transaction handlers in order, handed the transaction, and what they queued only when called after the commit', async () => {
    const events = bus();
    const seen: string[] = [];
    events.onInTransaction('spec.counting', async ({ held }, scope) => {
      expect(scope.tx).toBe(tx);
      held.n += 1;
      seen.push('first');
      scope.afterCommit(async () => void seen.push('told'));
    });
    events.onInTransaction('spec.counting', async ({ held }) => {
      held.n += 2;
      seen.push('second');
    });
    const held = { n: 0 };
    const afterCommit = await events.publishInTransaction(tx, 'spec.counting', { held });
    expect(held.n).toBe(3);
    expect(seen).toEqual(['first', 'second']);
    await afterCommit();
    expect(seen).toEqual(['first', 'second', 'told']);
  });

  it('fails the publication when an in-transaction handler fails, so the publisher’s transaction rolls back', async () => {
    const events = bus();
    const seen: string[] = [];
    events.onInTransaction('spec.counting', async () => {
      throw new Error('refused');
    });
    events.onInTransaction('spec.counting', async () => void seen.push('later'));
    await expect(events.publishInTransaction(tx, 'spec.counting', { held: { n: 0 } })).rejects.toThrow('refused');
    expect(seen).toEqual([]);
  });

  it('never fails the committed change: a failing after-commit step or domain-event handler is logged and the rest run', async () => {
    const events = bus();
    const seen: number[] = [];
    events.onInTransaction('spec.counting', async (_, scope) => {
      scope.afterCommit(async () => {
        throw new Error('mail down');
      });
      scope.afterCommit(async () => void seen.push(1));
    });
    events.on('spec.told', () => {
      throw new Error('handler down');
    });
    events.on('spec.told', ({ n }) => void seen.push(n));
    const logged = jest.spyOn(events['logger'], 'error').mockImplementation(() => undefined);
    await (await events.publishInTransaction(tx, 'spec.counting', { held: { n: 0 } }))();
    await events.emit('spec.told', { n: 2 });
    expect(seen).toEqual([1, 2]);
    expect(logged).toHaveBeenCalledTimes(2);
  });
});
