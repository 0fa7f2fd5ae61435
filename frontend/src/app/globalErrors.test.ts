import { describe, expect, it, vi } from 'vitest';
import { isBenignError, logGlobalErrors } from './globalErrors';

describe('global error logging', () => {
  it("leaves out the browsers' ResizeObserver loop reports and logs everything else", () => {
    const log = vi.fn();
    const target = new EventTarget() as unknown as Window;
    logGlobalErrors(target, log);
    target.dispatchEvent(new ErrorEvent('error', { message: 'ResizeObserver loop completed with undelivered notifications.' }));
    target.dispatchEvent(new ErrorEvent('error', { message: 'ResizeObserver loop limit exceeded' }));
    expect(log).not.toHaveBeenCalled();
    const error = new Error('boom');
    target.dispatchEvent(new ErrorEvent('error', { message: 'boom', error }));
    target.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    expect(log.mock.calls).toEqual([['Uncaught error', error], ['Uncaught error', 'Script error.']]);
  });

  it('counts a real error with that message as an error', () => {
    expect(isBenignError({ message: 'ResizeObserver loop completed with undelivered notifications.', error: new Error('x') })).toBe(false);
    expect(isBenignError({ message: 'ResizeObserver loop completed with undelivered notifications.', error: null })).toBe(true);
  });
});
