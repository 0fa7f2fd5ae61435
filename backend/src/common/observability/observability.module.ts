import { DynamicModule, Global, Module } from '@nestjs/common';
import type { DestinationStream } from 'pino';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { APP_LOG, createAppLog } from './app-log';
import { Metrics } from './metrics.service';

/** Metrics and the JSON log, available to every module (docs/operations.md, Metrics and Logs). */
@Global()
@Module({})
export class ObservabilityModule {
  static forRoot(logDestination?: DestinationStream): DynamicModule {
    return {
      module: ObservabilityModule,
      providers: [Metrics, { provide: APP_LOG, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createAppLog(config.logLevel, config.logFormat, logDestination) }],
      exports: [Metrics, APP_LOG],
    };
  }
}
