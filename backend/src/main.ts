import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { ConfigError, loadConfig } from './config/app-config';
import { describeDatabase, openEmbedded, openPostgres } from './database/open-database';
import { UsersService } from './users/users.service';

async function bootstrap() {
  const config = loadConfig();
  const handle = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openEmbedded(config.dataDir);
  const app = await createApp(config, handle);
  await app.get(UsersService).ensureFirstAdmin(config.adminEmail, config.adminPassword);
  app.enableShutdownHooks();
  await app.listen(config.port);
  new Logger('Boot').log(`Listening on ${config.publicUrl} (database: ${describeDatabase(handle)})`);
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
