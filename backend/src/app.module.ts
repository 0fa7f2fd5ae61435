import { DynamicModule, Global, Module } from '@nestjs/common';
import type { DestinationStream } from 'pino';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { AgreementsModule } from './agreements/agreements.module';
import { AppointmentsModule } from './appointments/appointments.module';
import { AuditModule } from './audit/audit.module';
import { RecentAuthGuard } from './auth/recent-auth.guard';
import { StaffTwoFactorGuard } from './auth/staff-two-factor.guard';
import { AuthModule } from './auth/auth.module';
import { CalendarModule } from './calendar/calendar.module';
import { CasesModule } from './cases/cases.module';
import { ConflictsModule } from './conflicts/conflicts.module';
import { SessionsModule } from './common/sessions/sessions.module';
import { AccessGuard } from './common/access.guard';
import { AdapterOverrides, AdaptersModule } from './common/adapters/adapters.module';
import { EventsModule } from './common/events/domain-events';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { Lifecycle } from './common/lifecycle';
import { APP_CONFIG, AppConfig } from './config/app-config';
import { DatabaseModule } from './database/database.module';
import type { DatabaseHandle } from './database/open-database';
import { FeedsModule } from './feeds/feeds.module';
import { Beds24Module } from './beds24/beds24.module';
import { JobsModule } from './jobs/jobs.module';
import { MailModule } from './mail/mail.module';
import { NotificationsModule } from './notifications/notifications.module';
import { ObservabilityModule } from './common/observability/observability.module';
import { BackupsModule } from './backups/backups.module';
import { PayoutsModule } from './payouts/payouts.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { PricesModule } from './prices/prices.module';
import { StaysModule } from './stays/stays.module';
import { NightsModule } from './nights/nights.module';
import { PropertiesModule } from './properties/properties.module';
import { MaintenanceGuard } from './system/maintenance.guard';
import { SystemModule } from './system/system.module';
import { TokensModule } from './tokens/tokens.module';
import { TranslationModule } from './translation/translation.module';
import { UsersModule } from './users/users.module';

/** Configuration and the process's lifecycle, available to every module. */
@Global()
@Module({})
class CoreModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        Lifecycle,
      ],
      exports: [APP_CONFIG, Lifecycle],
    };
  }
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, handle: DatabaseHandle, adapters: AdapterOverrides = {}, logDestination?: DestinationStream): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config),
        DatabaseModule.forRoot(handle),
        AdaptersModule.forRoot(adapters),
        EventsModule,
        ObservabilityModule.forRoot(logDestination),
        SessionsModule,
        UsersModule,
        AuthModule,
        TokensModule,
        SystemModule,
        AuditModule,
        CalendarModule,
        ConflictsModule,
        TranslationModule,
        JobsModule,
        FeedsModule,
        NotificationsModule,
        Beds24Module,
        MailModule,
        AgreementsModule,
        AppointmentsModule,
        CasesModule,
        PayoutsModule,
        WebhooksModule,
        PricesModule,
        StaysModule,
        NightsModule,
        PropertiesModule,
        BackupsModule,
      ],
      providers: [
        // Maintenance first: while it is on, a non-admin hears 503 before any 401/403 (docs/product/system.md#maintenance-mode).
        { provide: APP_GUARD, useExisting: MaintenanceGuard },
        { provide: APP_GUARD, useClass: AccessGuard },
        // After access: staff without two-factor sign-in reach only its setup while the service requires it.
        { provide: APP_GUARD, useExisting: StaffTwoFactorGuard },
        // Then sensitive changes: the password (and code) given within 10 minutes (docs/security.md#re-authentication).
        { provide: APP_GUARD, useExisting: RecentAuthGuard },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
      ],
    };
  }
}
