import 'reflect-metadata';
import { INestApplication, Logger } from '@nestjs/common';
import type { Server } from 'node:http';
import { createApp } from './app.factory';
import { AppConfig, ConfigError, loadConfig } from './config/app-config';
import { DatabaseHandle, describeDatabase, openEmbedded, openPostgres } from './database/open-database';
import { HttpDrain } from './http-drain';
import { JobQueue } from './jobs/job-queue.service';
import { startBanner } from './start-banner';
import { UsersService } from './users/users.service';

async function bootstrap() {
  const config = loadConfig();
  const handle = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openEmbedded(config.dataDir);
  const drain = new HttpDrain();
  const app = await createApp(config, handle, { drain });
  const firstAdmin = await app.get(UsersService).ensureFirstAdmin(config.adminEmail, config.adminPassword);
  await app.listen(config.port);
  stopGracefullyOnSignals(app, handle, drain, config);
  new Logger('Boot').debug(`Listening on ${config.publicUrl} (database: ${describeDatabase(handle)})`);
  // The banner goes to the console, not the log: it may carry the first admin's generated password.
  process.stdout.write(startBanner(config.publicUrl, describeDatabase(handle), firstAdmin));
}

/**
 * SIGTERM (a deploy, docker stop) or SIGINT (Ctrl-C): stop accepting, let requests and jobs in flight finish within
 * SHUTDOWN_GRACE_SECONDS (jobs still running then are handed back to the queue), run the app's shutdown hooks, close
 * the database, exit. A second signal exits at once.
 */
function stopGracefullyOnSignals(app: INestApplication, handle: DatabaseHandle, drain: HttpDrain, config: AppConfig) {
  const logger = new Logger('Shutdown');
  const graceMs = config.shutdownGraceSeconds * 1000;
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    const started = Date.now();
    logger.log(`${signal}: finishing ${drain.requestsInFlight} request(s) and the jobs in flight (at most ${config.shutdownGraceSeconds} s)`);
    try {
      // HTTP and jobs drain side by side, each within the grace period.
      await Promise.all([drain.close(app.getHttpServer() as Server, graceMs), app.get(JobQueue).stopWorking(graceMs)]);
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
