import passport, { type Strategy } from 'passport';

/**
 * Passport keeps one strategy per name for the whole process, and @nestjs/passport registers each strategy as its
 * provider is built. With one app per process (production) that is the app's own. Where one process builds several
 * apps one after another (the API tests), a closed app's strategy would keep answering for the name, its database
 * gone. So each strategy says when its app closes, and the name goes back to the newest strategy whose app still
 * runs (docs/security.md#signing-in-on-passport).
 */
const live = new Map<string, Strategy[]>();

/** Called by a strategy once built (after its base registered it under `name`). */
export function strategyStarted(name: string, strategy: Strategy): void {
  live.set(name, [...(live.get(name) ?? []), strategy]);
}

/** Called by a strategy when its app closes: if it was the one registered, the newest live one takes the name again. */
export function strategyStopped(name: string, strategy: Strategy): void {
  const before = live.get(name) ?? [];
  const after = before.filter((s) => s !== strategy);
  live.set(name, after);
  if (before.at(-1) !== strategy) return;
  const newest = after.at(-1);
  if (newest) passport.use(name, newest);
  else passport.unuse(name);
}
