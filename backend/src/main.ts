import 'reflect-metadata';
import { INestApplication, Logger } from '@nestjs/common';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { createApp } from './app.factory';
import { AppConfig, ConfigError, loadConfig } from './config/app-config';
import { DatabaseHandle, describeDatabase, openEmbedded, openPostgres } from './database/open-database';
import { isDatabaseUnavailable } from './database/database-unavailable';
import { Lifecycle } from './common/lifecycle';
import { HttpDrain } from './common/http-drain';
import { JobQueue } from './jobs/job-queue.service';
import { NotificationsGateway } from './notifications/notifications.gateway';
import { startBanner } from './common/observability/start-banner';
import { UsersService } from './users/users.service';

/**
 * A lost database connection surfaces in places no request awaits (a pool's idle client, a LISTEN client, a job
 * poll): it is logged and the pools connect again by themselves, so it must not end the process. Anything else
 * unhandled still stops it, as Node would (docs/operations.md, Database outages).
 */
function surviveDatabaseOutages() {
  const logger = new Logger('Process');
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) return logger.warn(`database unavailable (unawaited): ${(reason as Error).message}`);
    logger.error(`unhandled rejection: ${(reason as Error)?.stack ?? reason}`);
    process.exit(1);
  });
  process.on('uncaughtException', (error) => {
    if (isDatabaseUnavailable(error)) return logger.warn(`database unavailable (uncaught): ${error.message}`);
    logger.error(`uncaught exception: ${error?.stack ?? error}`);
    process.exit(1);
  });
}

/**
 * The settings in the repository's .env, when there is one, under those the environment already has
 * (docs/operations.md, Settings). No file is no message: most deployments set the environment itself.
 */
function loadDotEnv() {
  const file = path.resolve(__dirname, '..', '..', '..', '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

async function bootstrap() {
  loadDotEnv();
  surviveDatabaseOutages();
  const config = loadConfig();
  const handle = config.databaseUrl ? await openPostgres(config.databaseUrl, undefined, config.databaseMigrationUrl) : await openEmbedded(config.dataDir);
  const drain = new HttpDrain();
  const app = await createApp(config, handle, { drain });
  const firstAdmin = await app.get(UsersService).ensureFirstAdmin(config.adminEmail, config.adminPassword);
  await app.listen(config.port);
  stopGracefullyOnSignals(app, handle, drain, config);
  new Logger('Boot').debug(`Listening on ${config.publicUrl} (database: ${describeDatabase(handle)})`);
  // The banner goes to the console, not the log: it may carry the first admin's generated password.
  process.stdout.write(startBanner(config.publicUrl, describeDatabase(handle), firstAdmin));
}

/** Beyond the delay and the grace period, what the app's own shutdown (pools, pg-boss) may take before the exit is forced. */
const CLOSE_ALLOWANCE_MS = 5000;

/**
 * SIGTERM (a deploy, docker stop) or SIGINT (Ctrl-C), in the order docs/operations.md (Restarts) gives: turn
 * not-ready at once (GET /api/health/ready answers 503) and keep serving for SHUTDOWN_DELAY_SECONDS so the proxy
 * notices; then close the /ws sockets with a code clients reconnect on, refuse new requests, let requests and jobs in
 * flight finish within SHUTDOWN_GRACE_SECONDS (jobs still running then are handed back to the queue), run the app's
 * shutdown hooks, close the database, exit. A second signal, or a stop that overruns, exits at once.
 */
function stopGracefullyOnSignals(app: INestApplication, handle: DatabaseHandle, drain: HttpDrain, config: AppConfig) {
  const logger = new Logger('Shutdown');
  const graceMs = config.shutdownGraceSeconds * 1000;
  const delayMs = config.shutdownDelaySeconds * 1000;
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    const started = Date.now();
    setTimeout(() => {
      logger.error(`still stopping after ${Date.now() - started} ms: exiting`);
      process.exit(1);
    }, delayMs + graceMs + CLOSE_ALLOWANCE_MS).unref();
    app.get(Lifecycle).startDraining();
    drain.announce();
    logger.log(`${signal}: not ready; serving ${config.shutdownDelaySeconds} s more, then finishing what is in flight (at most ${config.shutdownGraceSeconds} s)`);
    try {
      await new Promise((r) => setTimeout(r, delayMs));
      const gateway = app.get(NotificationsGateway);
      gateway.closeForRestart();
      logger.log(`finishing ${drain.requestsInFlight} request(s) and the jobs in flight`);
      // HTTP and jobs drain side by side, each within the grace period.
      await Promise.all([drain.close(app.getHttpServer() as Server, graceMs, () => gateway.terminateAll()), app.get(JobQueue).stopWorking(graceMs)]);
      await app.close();
      if (handle.kind === 'pglite') await handle.pglite.close();
      logger.log(`stopped in ${Date.now() - started} ms`);
      process.exit(0);
    } catch (error) {
      logger.error(`stopping: ${error?.stack ?? error}`);
      process.exit(1);
    }
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void stop(signal));
}

bootstrap().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(`Cannot start: ${error.message}`);
  } else if (error?.code === 'EADDRINUSE') {
    console.error(`Cannot start: port ${error.port} is already in use; set PORT to a free port.`);
  } else {
    console.error('Cannot start:', error);
  }
  process.exit(1);
});
