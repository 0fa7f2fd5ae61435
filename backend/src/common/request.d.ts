import 'express-session';
import type { SessionUser } from './session-user';

declare module 'express-session' {
  interface SessionData {
    userId: number;
    /** When the user signed in (the Clock's ms): a session lives 30 days from here at most, however much it is used. */
    signedInAt?: number;
  }
}

declare global {
  namespace Express {
    interface Request {
      user?: SessionUser;
    }
  }
}
