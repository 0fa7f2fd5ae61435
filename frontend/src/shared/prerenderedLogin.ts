/**
 * What a visitor did on the prerendered login page before the app's code ran (docs/architecture.md#prerendered-login-page).
 * Its script (frontend/boot/login-shell.js) marks a press of 'Logg inn' on the form and, when the fields hold an
 * e-mail and a password, sends the login itself and keeps the answer on the form, so the app adopts an answer
 * already on its way instead of sending the login once its own code has run. The login form takes the page over
 * (features/auth/loginShell.ts); the current-user check reads a login answered before then (sessionApi.ts); the app
 * shell fetches the signed-in app at once after a press (app/App.tsx). A login that signed the visitor in also brought
 * the calendar's first window, which whoever adopts the login keeps for the calendar (keepSentWindow).
 */
import type { SentAnswer } from '../api/client';
import { keepWindow } from './keptWindows';

export const LOGIN_SHELL_ID = 'login-shell';

/** The calendar window the prerendered page read once its login signed the visitor in, with the range it asked for. */
interface SentWindow {
  range: { startDate: string; endDate: string };
  status: number;
  text: string;
  etag: string | null;
}

/** The prerendered form carries the login its script sent, and the window it then read, under these names. */
interface PrerenderedForm extends HTMLFormElement {
  sentLogin?: Promise<SentAnswer>;
  sentWindow?: Promise<SentWindow | null>;
}

export function prerenderedLoginForm(): PrerenderedForm | null {
  if (typeof document === 'undefined') return null;
  return document.getElementById(LOGIN_SHELL_ID)?.querySelector('form') ?? null;
}

let pressed = false;

/** Told by the login form as it takes the page over, which removes the page: the press outlives it. */
export function markLoginPressedBeforeApp(): void {
  pressed = true;
}

export function loginPressedBeforeApp(): boolean {
  return pressed || (prerenderedLoginForm()?.hasAttribute('data-pressed') ?? false);
}

/**
 * The sent login, held here from the first look on: the login form removes the prerendered page as it takes it over,
 * and the current-user check may look after that. Undefined until a look found one; null once used.
 */
let sent: Promise<SentAnswer> | null | undefined;
let sentWindow: Promise<SentWindow | null> | null = null;
/** The sent window being kept for the user its login signed in, until a logout. */
let keeping: Promise<SentWindow | null> | null = null;

/** The answer to the login the prerendered page sent; null when it sent none, or once that answer has been used. */
export function sentLogin(): Promise<SentAnswer> | null {
  if (sent === undefined) {
    const form = prerenderedLoginForm();
    if (!form?.sentLogin) return null;
    sent = form.sentLogin;
    sentWindow = form.sentWindow ?? null;
  }
  return sent;
}

/**
 * The sent login's answer signed the visitor in: it is not read again, or a later current-user check (after a
 * logout) would take its user for the current one.
 */
export function forgetSentLogin(): void {
  sent = null;
  sentWindow = null;
}

/**
 * The sent login signed `userId` in: the calendar window the prerendered page read with it is kept as a window this
 * browser knows (keptWindows.ts), so the calendar draws its first month with the bookings instead of empty and then
 * again, and asks the server only whether it changed (a 304). Called before forgetSentLogin.
 */
export function keepSentWindow(userId: number): void {
  const pending = sentWindow;
  if (!pending) return;
  keeping = pending;
  void pending
    .then((window) => {
      // A logout while it was on its way: nothing of that user is kept.
      if (keeping !== pending || window?.status !== 200) return;
      const answer = JSON.parse(window.text) as object;
      keepWindow(userId, window.range, window.etag ? { ...answer, etag: window.etag } : answer);
    })
    // Not read, or not JSON: the calendar reads its window itself, as it would have anyway.
    .catch(() => undefined);
}

/** A logout: a sent window still on its way is not kept. */
export function forgetSentWindow(): void {
  keeping = null;
}
