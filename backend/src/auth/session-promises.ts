import type { Request } from 'express';

/** express-session's callbacks as promises. */
export const regenerateSession = (req: Request) => new Promise<void>((ok, fail) => req.session.regenerate((e) => (e ? fail(e) : ok())));
export const saveSession = (req: Request) => new Promise<void>((ok, fail) => req.session.save((e) => (e ? fail(e) : ok())));
