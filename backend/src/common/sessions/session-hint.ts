import type express from 'express';
import onHeaders from 'on-headers';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS } from './session-cookie';

/**
 * The session hint (docs/security.md#shared-devices): a cookie scripts may read, `session_hint=1`, present exactly
 * while this browser holds a signed-in session and expiring with it. The session cookie itself is HttpOnly; the page's
 * first script (frontend/boot/calendar-snapshot.js) paints the last calendar only under the hint, so a browser whose
 * session ended (logout, another session's "sign out everywhere", a blocked account) shows nobody's calendar.
 */
export const SESSION_HINT_COOKIE = 'session_hint';

/** The session id the request's cookie names (express-session signs it as `s:<id>.<signature>`). */
function sentSessionId(req: express.Request): string | undefined {
  const pair = (req.headers.cookie ?? '').split(';').map((p) => p.trim()).find((p) => p.startsWith(`${SESSION_COOKIE}=`));
  const value = pair ? decodeURIComponent(pair.slice(SESSION_COOKIE.length + 1)) : '';
  return value.startsWith('s:') ? value.slice(2, value.lastIndexOf('.')) : undefined;
}

const hasHint = (req: express.Request) => (req.headers.cookie ?? '').split(';').some((pair) => pair.trim().startsWith(`${SESSION_HINT_COOKIE}=`));

/** Whether this request's session is signed in (the session store found it alive). */
export const signedIn = (req: express.Request) => typeof req.session?.userId === 'number';

/**
 * Sets the hint on an answer whose session is signed in, and clears it on one whose session is not (any answer: a
 * login sets it, a logout or a 401 for an ended session clears it), as the headers go out, once the route decided.
 * Used before the session middleware: on-headers runs the listeners last added first, so the session cookie comes
 * first among the answer's cookies, as before.
 */
export function sessionHint(secure: boolean) {
  const options = { path: '/', sameSite: 'lax' as const, secure, httpOnly: false };
  return (req: express.Request, res: express.Response, next: express.NextFunction) => {
    onHeaders(res, () => {
      if (signedIn(req)) {
        // Set once per session, with the session cookie's expiry (the session is not rolling): when the browser has
        // none, or the session was just made (a sign-in gives a new session id).
        if (hasHint(req) && req.sessionID === sentSessionId(req)) return;
        const expires = req.session.cookie?.expires ?? new Date((req.session.signedInAt ?? Date.now()) + SESSION_MAX_AGE_MS);
        res.cookie(SESSION_HINT_COOKIE, '1', { ...options, expires });
      } else if (hasHint(req)) {
        res.clearCookie(SESSION_HINT_COOKIE, options);
      }
    });
    next();
  };
}
