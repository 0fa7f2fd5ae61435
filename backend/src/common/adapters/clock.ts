import { Injectable } from '@nestjs/common';

/**
 * The time every decision in domain code is made at (what is due, expired, past or future). Inject it instead of
 * calling `new Date()`, so tests can fix or move time. Timestamps that only record when something happened may
 * still come from the database's now().
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock that stands still until it is set or moved: what tests use to be independent of today's date. */
export class FixedClock extends Clock {
  private at: number;

  constructor(at: Date | string) {
    super();
    this.at = new Date(at).getTime();
  }

  override now(): Date {
    return new Date(this.at);
  }

  set(at: Date | string): void {
    this.at = new Date(at).getTime();
  }

  advance(ms: number): void {
    this.at += ms;
  }
}
