import { QueryFailedError, QueryRunnerAlreadyReleasedError } from 'typeorm';
import { isDatabaseUnavailable } from './database-unavailable';

describe('isDatabaseUnavailable', () => {
  const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it('knows a lost or refused database', () => {
    expect(isDatabaseUnavailable(pgError('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('57P03', 'the database system is starting up'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new QueryFailedError('SELECT 1', [], pgError('08006')))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([pgError('ECONNREFUSED')]))).toBe(true);
    expect(isDatabaseUnavailable(new QueryRunnerAlreadyReleasedError())).toBe(true);
  });

  it('leaves refused statements and other errors alone', () => {
    expect(isDatabaseUnavailable(new QueryFailedError('INSERT', [], pgError('23505')))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
