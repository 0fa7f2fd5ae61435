/** The prerendered login page in a unit test (docs/architecture.md#prerendered-login-page). */
import type { SentAnswer } from '../api/client';

/** The page as its script leaves it after a press: the form, marked pressed, with the login's answer when one was sent. */
export function prerenderedPageAfterPress(answer: SentAnswer | null): void {
  document.body.innerHTML = '<div id="login-shell"><form data-pressed></form></div><div id="root"></div>';
  const form = document.querySelector('form') as HTMLFormElement & { sentLogin?: Promise<SentAnswer> };
  if (answer) form.sentLogin = Promise.resolve(answer);
}

/** The answer the server gave the sent login, as its script keeps it. */
export const sentAnswer = (status: number, body: unknown): SentAnswer => ({ status, statusText: '', text: JSON.stringify(body) });
