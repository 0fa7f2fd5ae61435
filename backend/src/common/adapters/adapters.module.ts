import { DynamicModule, Global, Module } from '@nestjs/common';
import { Clock } from './clock';

/** Adapters to the outside world that a caller may replace (tests pass a FixedClock, for instance). */
export interface AdapterOverrides {
  clock?: Clock;
}

/** The outside world behind injectable adapters, available to every module. */
@Global()
@Module({})
export class AdaptersModule {
  static forRoot(overrides: AdapterOverrides = {}): DynamicModule {
    const adapters = [overrides.clock ? { provide: Clock, useValue: overrides.clock } : Clock];
    return { module: AdaptersModule, providers: adapters, exports: [Clock] };
  }
}
