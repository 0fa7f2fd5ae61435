/**
 * The one "now" of the frontend tests: every test file runs on this date, whatever day it is (setup.ts installs it).
 * Only Date is faked and it moves on with real time, so timers, react-query and Testing Library run as usual.
 */
import { vi } from 'vitest';

export const TEST_NOW = new Date('2025-06-02T10:00:00Z');

/** Fakes Date from TEST_NOW; `also` adds further timers a test drives itself (e.g. setInterval). */
export function installTestClock(also: ('setInterval' | 'clearInterval' | 'setTimeout' | 'clearTimeout')[] = []) {
  vi.useFakeTimers({ toFake: ['Date', ...also], shouldAdvanceTime: true });
  vi.setSystemTime(TEST_NOW);
}
