import 'express-session';
import type { RequestToken } from './bearer-token';
import type { SessionUser } from './session-user';

declare module 'express-session' {
  interface SessionData {
    userId: number;
    /** When the user signed in (the Clock's ms): a session lives 30 days from here at most, however much it is used. */
    signedInAt?: number;
    /** The password was right and the account asks for a code too: who, and when (the Clock's ms). Not signed in. */
    twoFactorPending?: { userId: number; username: string; at: number; failures?: number };
    /** The browser, system and network the session was signed in from (common/request-context.ts). */
    client?: { browser: string | null; os: string | null; ipPrefix: string | null };
    /** When the password (and code) were last given (the Clock's ms): sign-in or re-authentication. */
    reauthAt?: number;
  }
}

declare global {
  namespace Express {
    interface Request {
      user?: SessionUser;
      /** The API token the request came with (`Authorization: Bearer`), found valid; then it has no session. */
      apiToken?: RequestToken;
    }
  }
}
