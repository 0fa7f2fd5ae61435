import { DynamicModule, Global, Module } from '@nestjs/common';
import { Clock } from './clock';
import { FileStore } from './file-store';
import { HttpClient } from './http-client';
import { Mailer } from './mailer';

/** Adapters to the outside world that a caller may replace (tests pass a FixedClock, for instance). */
export interface AdapterOverrides {
  clock?: Clock;
  http?: HttpClient;
  mailer?: Mailer;
}

/** The outside world behind injectable adapters, available to every module. */
@Global()
@Module({})
export class AdaptersModule {
  static forRoot(overrides: AdapterOverrides = {}): DynamicModule {
    const adapters = [
      overrides.clock ? { provide: Clock, useValue: overrides.clock } : Clock,
      overrides.http ? { provide: HttpClient, useValue: overrides.http } : HttpClient,
      overrides.mailer ? { provide: Mailer, useValue: overrides.mailer } : Mailer,
      FileStore,
    ];
    return { module: AdaptersModule, providers: adapters, exports: [Clock, HttpClient, Mailer, FileStore] };
  }
}
