import type { DataSourceOptions } from 'typeorm';
import type { DatabaseHandle } from './open-database';
import { pgliteDriver } from './pglite-pg-driver';
import { SnakeNamingStrategy } from './snake-naming.strategy';
import { SqlLogger } from './sql-logger';
import { migrations } from './migrations';

/** The same entities and migrations on both engines; only the driver differs. */
export function dataSourceOptions(handle: DatabaseHandle, entities: NonNullable<DataSourceOptions['entities']>): DataSourceOptions {
  const common = {
    type: 'postgres' as const,
    entities,
    migrations,
    migrationsRun: true,
    migrationsTransactionMode: 'each' as const,
    synchronize: false,
    namingStrategy: new SnakeNamingStrategy(),
    // Errors only, and never with their parameters (see SqlLogger).
    logger: new SqlLogger(),
  };
  if (handle.kind === 'pglite') {
    return { ...common, driver: pgliteDriver(handle.pglite), database: 'postgres' };
  }
  return { ...common, url: handle.url, poolSize: 10 };
}
