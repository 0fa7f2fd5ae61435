import passport, { type Strategy } from 'passport';
import { Strategy as CustomStrategy } from 'passport-custom';
import { strategyStarted, strategyStopped } from './strategy-lifetime';

/** A strategy that signs in as `who`, registered as @nestjs/passport does when a strategy provider is built. */
function build(name: string, who: string): Strategy {
  const strategy = new CustomStrategy((_req, done) => done(null, who));
  passport.use(name, strategy);
  strategyStarted(name, strategy);
  return strategy;
}

/** Who a sign-in through `name` is, or the error passport gives (to the callback, or to `next` for an unknown name). */
function signIn(name: string): Promise<unknown> {
  return new Promise((resolve) => {
    passport.authenticate(name, { session: false }, (error: unknown, user: unknown) => resolve(error ? `error: ${String(error)}` : user))({}, {}, resolve);
  });
}

describe('strategy lifetime', () => {
  it('gives the name back to the newest strategy whose app still runs when the registered one closes', async () => {
    const first = build('lifetime-probe', 'first app');
    const second = build('lifetime-probe', 'second app');
    expect(await signIn('lifetime-probe')).toBe('second app');
    strategyStopped('lifetime-probe', second);
    expect(await signIn('lifetime-probe')).toBe('first app');
    strategyStopped('lifetime-probe', first);
    // With none left, passport hands its own error on (to `next`).
    expect(await signIn('lifetime-probe')).toEqual(new Error('Unknown authentication strategy "lifetime-probe"'));
  });

  it('leaves the registered strategy alone when an older app closes', async () => {
    const older = build('lifetime-probe-2', 'older');
    const newer = build('lifetime-probe-2', 'newer');
    strategyStopped('lifetime-probe-2', older);
    expect(await signIn('lifetime-probe-2')).toBe('newer');
    strategyStopped('lifetime-probe-2', newer);
  });
});
