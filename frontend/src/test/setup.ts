import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { installTestClock } from './clock';

if (typeof window !== 'undefined') {
  // Components render at once in tests: every language and part of the catalogue is in before the first test, so a
  // test may switch with i18n.changeLanguage alone.
  const { addCataloguePart, loadLanguage } = await import('../i18n');
  await Promise.all([addCataloguePart('app'), addCataloguePart('back-office'), addCataloguePart('later')]);
  await Promise.all([loadLanguage('nb'), loadLanguage('en')]);
}

// Installed before the test file loads (module-level dates see it too) and again before every test, in case a
// test put real timers back.
installTestClock();
// findBy*/waitFor give up after 1 s by default: too short for a react-admin page on a loaded machine. The limit
// guards against hangs, not slowness (speed is measured in the benchmarks), so it is far above any quiet run.
configure({ asyncUtilTimeout: 15_000 });
beforeEach(() => installTestClock());

afterEach(() => {
  // Files that run in the node environment (no DOM, no storage) share this setup.
  if (typeof window === 'undefined') return;
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
