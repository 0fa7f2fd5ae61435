import type { CookieOptions } from 'express';

/** The session cookie's name and attributes, shared by the session middleware and logout (which must clear it with the same attributes). */
export const SESSION_COOKIE = 'connect.sid';
export const SESSION_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

export const sessionCookieOptions = (secure: boolean): CookieOptions => ({ path: '/', httpOnly: true, sameSite: 'lax', secure });
