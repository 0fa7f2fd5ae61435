import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { CalendarModule } from './calendar/calendar.module';
import { SessionsModule } from './common/sessions/sessions.module';
import { AccessGuard } from './common/access.guard';
import { AdapterOverrides, AdaptersModule } from './common/adapters/adapters.module';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { APP_CONFIG, AppConfig } from './config/app-config';
import { DatabaseModule } from './database/database.module';
import type { DatabaseHandle } from './database/open-database';
import { FeedsModule } from './feeds/feeds.module';
import { JobsModule } from './jobs/jobs.module';
import { SystemModule } from './system/system.module';
import { TranslationModule } from './translation/translation.module';
import { UsersModule } from './users/users.module';

/** Configuration, available to every module. */
@Global()
@Module({})
class CoreModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
      ],
      exports: [APP_CONFIG],
    };
  }
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, handle: DatabaseHandle, adapters: AdapterOverrides = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config),
        DatabaseModule.forRoot(handle),
        AdaptersModule.forRoot(adapters),
        SessionsModule,
        UsersModule,
        AuthModule,
        SystemModule,
        AuditModule,
        CalendarModule,
        TranslationModule,
        JobsModule,
        FeedsModule,
      ],
      providers: [
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
      ],
    };
  }
}
