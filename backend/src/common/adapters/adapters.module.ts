import { DynamicModule, Global, Module } from '@nestjs/common';
import { Clock } from './clock';
import { HttpClient } from './http-client';

/** Adapters to the outside world that a caller may replace (tests pass a FixedClock, for instance). */
export interface AdapterOverrides {
  clock?: Clock;
  http?: HttpClient;
}

/** The outside world behind injectable adapters, available to every module. */
@Global()
@Module({})
export class AdaptersModule {
  static forRoot(overrides: AdapterOverrides = {}): DynamicModule {
    const adapters = [
      overrides.clock ? { provide: Clock, useValue: overrides.clock } : Clock,
      overrides.http ? { provide: HttpClient, useValue: overrides.http } : HttpClient,
    ];
    return { module: AdaptersModule, providers: adapters, exports: [Clock, HttpClient] };
  }
}
