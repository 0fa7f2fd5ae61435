import { logLevels } from './app-logger';

describe('logLevels', () => {
  it('is log and above by default, and every level up to the one LOG_LEVEL names', () => {
    expect(logLevels(undefined)).toEqual(['fatal', 'error', 'warn', 'log']);
    expect(logLevels('debug')).toEqual(['fatal', 'error', 'warn', 'log', 'debug']);
    expect(logLevels('warn')).toEqual(['fatal', 'error', 'warn']);
    expect(logLevels('nonsense')).toEqual(['fatal', 'error', 'warn', 'log']);
  });
});
