import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import type express from 'express';
import type { Observable } from 'rxjs';
import { DataSource } from 'typeorm';
import { Clock } from '../common/adapters/clock';
import { coded } from '../common/http-exception.filter';
import { userRateLimit } from '../common/user-rate-limit';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

const RATE_WINDOW_MS = 60 * 60 * 1000;

/** Bookings one person may try per hour (BOOKING_RATE_LIMIT; docs/appointments.md, "Limits"): 429 beyond it. */
@Injectable()
export class BookingRateLimitInterceptor implements NestInterceptor {
  private readonly limit: (req: express.Request, res: express.Response) => Promise<void>;

  constructor(db: DataSource, clock: Clock, @Inject(APP_CONFIG) config: AppConfig) {
    this.limit = userRateLimit({
      db,
      clock,
      prefix: 'appointment-bookings:',
      limit: config.appointments.bookingRateLimit,
      windowMs: RATE_WINDOW_MS,
      refusal: () => coded('appointment_rate_limited', 'For mange bestillinger på kort tid. Vent litt og prøv igjen.'),
    });
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    await this.limit(http.getRequest<express.Request>(), http.getResponse<express.Response>());
    return next.handle();
  }
}
