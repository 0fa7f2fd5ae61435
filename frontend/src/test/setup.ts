import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { installTestClock } from './clock';

// Installed before the test file loads (module-level dates see it too) and again before every test, in case a
// test put real timers back.
installTestClock();
beforeEach(() => installTestClock());

afterEach(() => {
  // Files that run in the node environment (no DOM, no storage) share this setup.
  if (typeof window === 'undefined') return;
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
