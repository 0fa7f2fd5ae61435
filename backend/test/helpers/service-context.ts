import 'reflect-metadata';
import type { INestApplicationContext, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { rmSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { Clock, FixedClock } from '../../src/common/adapters/clock';
import { type DomainEvents, EventBus } from '../../src/common/events/domain-events';
import type { DatabaseHandle } from '../../src/database/open-database';
import type { User } from '../../src/users/user.entity';
import { UsersService } from '../../src/users/users.service';
import type { Property } from '../../src/properties/property.entity';
import { PropertyAccess } from '../../src/properties/property-access.service';
import { freshDatabase, type Role, saveFixtureUser, testAdapters, testConfig } from './test-app';

/**
 * The app's services on a fresh real database, without HTTP: the modules as production wires them, no server, no
 * middleware, no sign-in, and no job workers or scheduler (RUN_JOBS=false), so a test calls a service and reads what
 * it stored. For the rules whose logic matters most, beside the API test that walks the same rule over HTTP
 * (docs/development.md#tests-for-each-layer).
 */
export class ServiceContext {
  private counter = 0;
  private passwordHash?: Promise<string>;

  private constructor(
    private readonly context: INestApplicationContext,
    private readonly handle: DatabaseHandle,
    private readonly dataDir: string,
  ) {}

  static async start(env: Record<string, string> = {}, options: { clock?: Clock } = {}): Promise<ServiceContext> {
    const handle = await freshDatabase();
    const { dataDir, config } = testConfig({ RUN_JOBS: 'false', ...env });
    const context = await NestFactory.createApplicationContext(AppModule.forRoot(config, handle, testAdapters(config, options.clock)), { logger: false });
    return new ServiceContext(context, handle, dataDir);
  }

  get<T>(type: Type<T>): T {
    return this.context.get(type);
  }

  get db(): DataSource {
    return this.context.get(DataSource);
  }

  /** The context's clock (a FixedClock at TEST_NOW unless the suite passed another). */
  get clock(): FixedClock {
    return this.context.get(Clock) as FixedClock;
  }

  /**
   * Collects the domain events emitted from now on, by name (after their commit, as every listener gets them).
   * Returns the list it fills.
   */
  collect<K extends keyof DomainEvents>(name: K): DomainEvents[K][] {
    const seen: DomainEvents[K][] = [];
    this.get(EventBus).on(name, async (payload) => {
      seen.push(payload);
    });
    return seen;
  }

  /** A user row of the given role (one real password hash shared by all: no test here signs in). */
  async createUser(role: Role = 'user', fields: Partial<{ name: string; accountNumber: string }> = {}): Promise<User> {
    this.passwordHash ??= this.get(UsersService).hashPassword('service-context-password');
    return saveFixtureUser(this.db, await this.passwordHash, role, ++this.counter, fields);
  }

  /** The user's first property (made at first need, as a request naming none has it). */
  async propertyOf(user: User): Promise<Property> {
    return (await this.get(PropertyAccess).resolve(user, undefined, 'read')).property;
  }

  async close(): Promise<void> {
    await this.context.close();
    if (this.handle.kind === 'pglite') await this.handle.pglite.close();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
