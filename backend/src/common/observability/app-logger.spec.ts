import { logLevels } from './app-logger';

describe('logLevels', () => {
  it('is log and above by default, and every level up to the one LOG_LEVEL names (in pino\'s names)', () => {
    expect(logLevels(undefined)).toEqual(['fatal', 'error', 'warn', 'log']);
    expect(logLevels('info')).toEqual(['fatal', 'error', 'warn', 'log']);
    expect(logLevels('debug')).toEqual(['fatal', 'error', 'warn', 'log', 'debug']);
    expect(logLevels('trace')).toEqual(['fatal', 'error', 'warn', 'log', 'debug', 'verbose']);
    expect(logLevels('warn')).toEqual(['fatal', 'error', 'warn']);
    expect(logLevels('silent')).toEqual([]);
    expect(logLevels('nonsense')).toEqual(['fatal', 'error', 'warn', 'log']);
  });
});
