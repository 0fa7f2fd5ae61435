import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DestinationStream } from 'pino';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory';
import { Clock, FixedClock } from '../../src/common/adapters/clock';
import { HttpClient, type HostResolver } from '../../src/common/adapters/http-client';
import type { AdapterOverrides } from '../../src/common/adapters/adapters.module';
import { type AppConfig, loadConfig } from '../../src/config/app-config';
import { createPglite, DatabaseHandle } from '../../src/database/open-database';
import { copyTemplateTo } from './worker-database';
import { BookingSourceScheduler } from '../../src/bookings/booking-source-scheduler.service';
import { JobQueue } from '../../src/jobs/job-queue.service';
import { SCHEDULED_JOB_QUEUE } from '../../src/jobs/scheduled-jobs.service';
import { User } from '../../src/users/user.entity';
import { UsersService } from '../../src/users/users.service';
import { PropertyAccess } from '../../src/properties/property-access.service';
import type { Property } from '../../src/properties/property.entity';
import { TEMPLATE_FILE } from './template';

export type Role = 'user' | 'miniAdmin' | 'admin';
export const PASSWORD = 'passord123';
export const ORIGIN = 'http://127.0.0.1';
/**
 * Tests send traffic to loopback only: feeds at example.com and friends (the job workers try every new feed) fail
 * as an unknown host here instead of asking a DNS server; IP literals need no lookup, 'localhost' is 127.0.0.1.
 */
const loopbackResolver: HostResolver = (hostname, _options, callback) => {
  if (hostname === 'localhost') return callback(null, [{ address: '127.0.0.1', family: 4 }]);
  const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname} (tests resolve loopback names only)`);
  error.code = 'ENOTFOUND';
  callback(error, []);
};

/** The JSON request/job log is silent in tests unless LOG_LEVEL asks for it (a suite may pass its own level). */
const QUIET_LOG = process.env.LOG_LEVEL || 'silent';
/** OWASP's minimum argon2id cost (docs/security.md, Passwords): the suites sign in over a thousand times. */
const CHEAPEST_ALLOWED_HASHING = { ARGON2_MEMORY_KIB: '19456', ARGON2_TIME_COST: '2', ARGON2_PARALLELISM: '1' };

/** Where the clock of a TestApp stands unless a suite sets it: tests never depend on the day they run. */
export const TEST_NOW = new Date('2026-06-01T12:00:00Z');

/** A fresh database: PGlite from the migrated template, or on DATABASE_URL's PostgreSQL a copy of the template there. */
export async function freshDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (url) {
    await copyTemplateTo(url, process.env.TEST_TEMPLATE_DATABASE_URL!);
    return { kind: 'postgres', url };
  }
  const template = new Blob([readFileSync(TEMPLATE_FILE)]);
  const pglite = await createPglite({ loadDataDir: template });
  return { kind: 'pglite', pglite };
}

/** The settings every test instance runs with (a data folder of its own, no frontend, quiet logs, cheap hashing), and `env` on top. */
export function testConfig(env: Record<string, string> = {}): { dataDir: string; config: AppConfig } {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'eierportal-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: '1000', FRONTEND_DIST: path.join(dataDir, 'no-frontend'), SESSION_SECRET: 'test-secret', LOG_LEVEL: QUIET_LOG, ...CHEAPEST_ALLOWED_HASHING, ...env });
  return { dataDir, config };
}

/** The outside world as tests have it: a clock standing at TEST_NOW unless given, and loopback names only. */
export const testAdapters = (config: AppConfig, clock?: Clock): AdapterOverrides => ({ clock: clock ?? new FixedClock(TEST_NOW), http: new HttpClient(config, loopbackResolver) });

/**
 * A user row of `role`, written straight to its table with a password hash made once by the caller (argon2 costs
 * about 0.1 s a hash): the n-th of a test app's or service context's fixtures.
 */
export function saveFixtureUser(db: DataSource, passwordHash: string, role: Role, n: number, fields: Partial<{ name: string; username: string; accountNumber: string | null }> = {}): Promise<User> {
  const repo = db.getRepository(User);
  const username = fields.username ?? `${role.toLowerCase()}${n}@example.com`;
  return repo.save(
    repo.create({
      username,
      email: username,
      name: fields.name ?? `${role} ${n}`,
      accountNumber: fields.accountNumber ?? null,
      passwordHash,
      isAdmin: role === 'admin',
      isMiniAdmin: role === 'miniAdmin',
    }),
  );
}

/** The real app on a fresh database, with helpers to act as each role. */
export class TestApp {
  private counter = 0;
  private constructor(
    readonly app: INestApplication,
    private readonly handle: DatabaseHandle,
    private readonly dataDir: string,
    /** False for a second instance on another TestApp's database, which leaves the database to that one. */
    private readonly ownsDatabase = true,
  ) {}

  /**
   * Boots the app as production runs it (scheduler and job workers on), with a clock that stands at TEST_NOW
   * unless `options.clock` is given; `t.clock` moves it.
   */
  static async start(env: Record<string, string> = {}, options: { clock?: Clock; logDestination?: DestinationStream } = {}): Promise<TestApp> {
    return TestApp.boot(await freshDatabase(), true, env, options);
  }

  /** The app on a database the suite made itself (left to the suite when the app closes): e.g. with its own roles. */
  static async startOn(handle: DatabaseHandle, env: Record<string, string> = {}): Promise<TestApp> {
    return TestApp.boot(handle, false, env, {});
  }

  /**
   * Another instance of the app on this one's database, as a second server sharing a PostgreSQL database runs
   * (its own pools, sessions, locks, job workers; the same SESSION_SECRET). Closing it leaves the database alone.
   */
  async anotherInstance(env: Record<string, string> = {}, options: { clock?: Clock } = {}): Promise<TestApp> {
    return TestApp.boot(this.handle, false, env, options);
  }

  private static async boot(handle: DatabaseHandle, ownsDatabase: boolean, env: Record<string, string>, options: { clock?: Clock; logDestination?: DestinationStream }): Promise<TestApp> {
    const { dataDir, config } = testConfig(env);
    const app = await createApp(config, handle, { logger: false, logDestination: options.logDestination, adapters: testAdapters(config, options.clock) });
    return new TestApp(app, handle, dataDir, ownsDatabase);
  }

  /**
   * A second app on this one's PostgreSQL database (two instances, one database), with the same settings and clock
   * kind. PGlite has no second instance: one process owns its data directory.
   */
  async startAnother(env: Record<string, string> = {}): Promise<TestApp> {
    if (this.handle.kind !== 'postgres') throw new Error('a second instance needs PostgreSQL (DATABASE_URL)');
    const { dataDir, config } = testConfig(env);
    const app = await createApp(config, this.handle, { logger: false, adapters: testAdapters(config) });
    return new TestApp(app, { kind: 'postgres', url: this.handle.url }, dataDir);
  }

  get server() {
    return this.app.getHttpServer();
  }

  /** The app's clock (a FixedClock unless the suite passed another). */
  get clock(): FixedClock {
    return this.app.get(Clock) as FixedClock;
  }

  /** Resolves when every queued, running or retrying job (booking source syncs, scheduled jobs) has ended. */
  async jobsDone(): Promise<void> {
    await this.app.get(BookingSourceScheduler).whenIdle();
    await this.app.get(JobQueue).whenDrained(SCHEDULED_JOB_QUEUE);
  }

  get users(): UsersService {
    return this.app.get(UsersService);
  }

  /** Anonymous client (no cookie jar shared with anyone). */
  anon() {
    return request.agent(this.server);
  }

  /** argon2 costs ~0.1 s a hash; fixture users with the shared test password reuse one real hash. */
  private passwordHash?: Promise<string>;

  async createUser(role: Role, fields: Partial<{ name: string; username: string; password: string; accountNumber: string }> = {}): Promise<User> {
    const n = ++this.counter;
    if (!fields.password && !fields.accountNumber) {
      this.passwordHash ??= this.users.hashPassword(PASSWORD);
      return saveFixtureUser(this.app.get(DataSource), await this.passwordHash, role, n, fields);
    }
    return this.users.create(
      {
        username: fields.username ?? `${role.toLowerCase()}${n}@example.com`,
        name: fields.name ?? `${role} ${n}`,
        password: fields.password ?? PASSWORD,
        isAdmin: role === 'admin',
        isMiniAdmin: role === 'miniAdmin',
        accountNumber: fields.accountNumber,
      },
      null,
    );
  }

  /** A logged-in client (supertest agent keeping its cookie) for a user of the given role. */
  /** The user's first property (made at first need, as a request naming none has it), for seeding through a service. */
  async propertyOf(user: User): Promise<Property> {
    return (await this.app.get(PropertyAccess).resolve(user, undefined, 'read')).property;
  }

  async loginAs(role: Role | User): Promise<{ agent: ReturnType<typeof request.agent>; user: User }> {
    const user = typeof role === 'string' ? await this.createUser(role) : role;
    const agent = request.agent(this.server);
    await agent.post('/api/login').send({ username: user.username, password: PASSWORD }).expect(200);
    return { agent, user };
  }

  async close(): Promise<void> {
    await this.app.close();
    if (this.handle.kind === 'pglite' && this.ownsDatabase) await this.handle.pglite.close();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
