import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { migrateAsOwner } from './app-role';
import { dataSourceOptions } from './data-source-options';
import { DATABASE_HANDLE } from './database-handle';
import { DatabasePort } from './database.port';
import { Database } from './database.service';
import type { DatabaseHandle } from './open-database';

/** The opened database for every module: TypeORM (entities load from each module's forFeature) and the DatabasePort. */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(handle: DatabaseHandle): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          // With an owner role of its own, the owner migrates first and the app role's data source only uses the schema.
          useFactory: async () => {
            if (handle.kind === 'postgres' && handle.ownerUrl) {
              await migrateAsOwner(handle);
              return { ...dataSourceOptions(handle, []), migrationsRun: false, autoLoadEntities: true };
            }
            return { ...dataSourceOptions(handle, []), autoLoadEntities: true };
          },
        }),
      ],
      providers: [{ provide: DATABASE_HANDLE, useValue: handle }, { provide: DatabasePort, useClass: Database }],
      exports: [DatabasePort],
    };
  }
}
