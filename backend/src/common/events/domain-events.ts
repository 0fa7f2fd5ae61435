import { Global, Injectable, Logger, Module, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DatabasePort, Unsubscribe } from '../../database/database.port';

/**
 * Every domain event and its payload, emitted after the change committed. The module that causes something emits it;
 * who reacts is none of its business (docs/architecture.md#how-an-event-flows: cross-cutting reactions go through the
 * event bus). Each domain declares its own in its `<domain>.events.ts` by declaration merging
 * (`declare module '../common/events/domain-events' { interface DomainEvents { ... } }`); this file names none.
 * Payloads are plain data: ids, names and counts, never entities.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by each domain's *.events.ts
export interface DomainEvents {}

/** Events every instance hears (DatabasePort.publish: LISTEN/NOTIFY on PostgreSQL); payloads stay small (ids). */
export interface BroadcastEvents {
  /** A notification row was stored: each instance pushes it to its own sockets of the user. */
  'notification.stored': { id: number; userId: number };
  /**
   * Sessions ended: `sid` alone (logout), or every one of the user's except `exceptSid` (block, delete, password
   * change). Sockets opened under them close.
   */
  'sessions.ended': { userId: number; sid?: string; exceptSid?: string };
  /** A system setting changed (maintenance mode among them): each instance drops its cached maintenance state. */
  'system.settings.changed': Record<string, never>;
}

/**
 * Events published inside the causing transaction (docs/architecture.md#in-transaction-events): a reaction that must
 * commit or roll back with the change (a departing staff member's work handed over, reset links retired with the
 * password they were for). Each domain adds its own in its `<domain>.events.ts`, as for DomainEvents. A payload may
 * carry an answer its handlers fill in (counts), since the publisher waits for every one of them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by each domain's *.events.ts
export interface TransactionEvents {}

/** What an in-transaction handler is handed with the payload. */
export interface InTransaction {
  /** The causing transaction: every write goes through it, so it commits or rolls back with the change. */
  tx: EntityManager;
  /** Queues what to do once the change committed (the domain events that tell people); the publisher runs it then. */
  afterCommit(then: () => Promise<void>): void;
}

/** What an in-transaction publication queued for after the commit; a failing step is logged and never fails the change. */
export type AfterCommit = () => Promise<void>;

type Handler<T> = (payload: T) => Promise<void> | void;
type TransactionHandler<T> = (payload: T, scope: InTransaction) => Promise<void>;

/** The database channel broadcasts travel on. */
export const BROADCAST_CHANNEL = 'eierportal_events';

/**
 * The event bus, in three kinds of publication:
 * - `publishInTransaction` / `onInTransaction`: in-transaction events, handled in the causing transaction (its
 *   EntityManager is handed over), awaited one after the other; a failing handler fails, and so rolls back, the
 *   whole change. What a handler queues with `afterCommit` runs when the publisher calls the answer after its commit.
 * - `emit` / `on`: domain events, handled in the process that caused them, after its transaction committed, so a
 *   reaction (storing a notification) happens once however many instances run. The emitter waits for the
 *   handlers; a failing handler is logged and never fails the change that caused it.
 * - `broadcast` / `onBroadcast`: facts every instance must hear (a stored notification to push, sessions that
 *   ended), through DatabasePort.publish: in-process on PGlite, NOTIFY on PostgreSQL. Only ids travel; a listener
 *   reads the rows it needs.
 */
@Injectable()
export class EventBus implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('EventBus');
  private readonly handlers = new Map<string, Handler<never>[]>();
  private readonly transactionHandlers = new Map<string, TransactionHandler<never>[]>();
  private readonly broadcastHandlers = new Map<string, Handler<never>[]>();
  private unsubscribe?: Unsubscribe;

  constructor(private readonly database: DatabasePort) {}

  async onModuleInit(): Promise<void> {
    this.unsubscribe = await this.database.subscribe(BROADCAST_CHANNEL, (raw) => void this.deliverBroadcast(raw));
  }

  async onModuleDestroy(): Promise<void> {
    await this.unsubscribe?.();
  }

  on<K extends keyof DomainEvents>(name: K, handler: Handler<DomainEvents[K]>): void {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler as Handler<never>]);
  }

  async emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): Promise<void> {
    for (const handler of this.handlers.get(name) ?? []) {
      try {
        await (handler as Handler<DomainEvents[K]>)(payload);
      } catch (e) {
        this.logger.error(`${name}: ${e instanceof Error ? (e.stack ?? e.message) : e}`);
      }
    }
  }

  onInTransaction<K extends keyof TransactionEvents>(name: K, handler: TransactionHandler<TransactionEvents[K]>): void {
    this.transactionHandlers.set(name, [...(this.transactionHandlers.get(name) ?? []), handler as TransactionHandler<never>]);
  }

  /**
   * Runs every handler of `name` in `tx`, in the order they subscribed; an error propagates to the publisher (whose
   * transaction then rolls back). Answers what the handlers queued for after the commit.
   */
  async publishInTransaction<K extends keyof TransactionEvents>(tx: EntityManager, name: K, payload: TransactionEvents[K]): Promise<AfterCommit> {
    const queued: AfterCommit[] = [];
    const scope: InTransaction = { tx, afterCommit: (then) => void queued.push(then) };
    for (const handler of this.transactionHandlers.get(name) ?? []) await (handler as TransactionHandler<TransactionEvents[K]>)(payload, scope);
    return async () => {
      for (const then of queued) {
        try {
          await then();
        } catch (e) {
          this.logger.error(`after ${name}: ${e instanceof Error ? (e.stack ?? e.message) : e}`);
        }
      }
    };
  }

  onBroadcast<K extends keyof BroadcastEvents>(name: K, handler: Handler<BroadcastEvents[K]>): void {
    this.broadcastHandlers.set(name, [...(this.broadcastHandlers.get(name) ?? []), handler as Handler<never>]);
  }

  async broadcast<K extends keyof BroadcastEvents>(name: K, payload: BroadcastEvents[K]): Promise<void> {
    await this.database.publish(BROADCAST_CHANNEL, JSON.stringify({ name, payload }));
  }

  private async deliverBroadcast(raw: string): Promise<void> {
    let message: { name: keyof BroadcastEvents; payload: never };
    try {
      message = JSON.parse(raw);
    } catch {
      this.logger.warn('unreadable broadcast ignored');
      return;
    }
    for (const handler of this.broadcastHandlers.get(message.name) ?? []) {
      try {
        await handler(message.payload);
      } catch (e) {
        this.logger.error(`${message.name}: ${e instanceof Error ? (e.stack ?? e.message) : e}`);
      }
    }
  }
}

/** The bus, available to every module. */
@Global()
@Module({ providers: [EventBus], exports: [EventBus] })
export class EventsModule {}
