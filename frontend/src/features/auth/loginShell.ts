/**
 * The prerendered login page (docs/architecture.md#prerendered-login-page): a first visit to /auth gets the login
 * page's HTML and styles before any script, so the form paints at once and takes typing. frontend/boot/login-shell.js keeps
 * a press for later; when the app's own form mounts, it takes over here: what was typed, where the caret was, and a
 * press not yet answered. Any other first screen (signed in already, maintenance, an error) removes the shell instead.
 */
import type { SentAnswer } from '../../api/client';
import { LOGIN_SHELL_ID, markLoginPressedBeforeApp, prerenderedLoginForm, sentLogin } from '../../shared/prerenderedLogin';
import type { LoginValues } from './useLoginForm';

type ShellField = 'email' | 'password';

/** What the visitor did in the prerendered form before the app's own form mounted. */
export interface ShellState {
  values: LoginValues;
  /** The field that had the caret, with its selection, so typing goes on where it was. */
  focused: { name: ShellField; selectionStart: number | null; selectionEnd: number | null } | null;
  /** 'Logg inn' was pressed (or Enter): the app's form sends the login as soon as it has taken over. */
  pressed: boolean;
  /** The login the page's script sent on that press, whose answer the app's form adopts instead of sending it again. */
  sentLogin: Promise<SentAnswer> | null;
  /** Other buttons pressed, in order, each as its place among the page's buttons (the live page has the same). */
  clicks: number[];
}

/** Marks the login page's outermost element, in the prerendered page and the live one, to find its buttons. */
export const LOGIN_PAGE_ATTRIBUTE = 'data-login-page';

function shellClicks(): number[] {
  const recorded = document.getElementById(LOGIN_SHELL_ID)?.getAttribute('data-clicks');
  return recorded ? recorded.split(',').map(Number).filter(Number.isInteger) : [];
}

/** Reads the prerendered form, if this page has one; the shell itself stays until removeLoginShell. */
export function readLoginShell(): ShellState | null {
  const form = prerenderedLoginForm();
  if (!form) return null;
  const field = (name: ShellField) => form.elements.namedItem(name);
  const value = (name: ShellField) => {
    const input = field(name);
    return input instanceof HTMLInputElement ? input.value : '';
  };
  if (form.hasAttribute('data-pressed')) markLoginPressedBeforeApp();
  const active = document.activeElement;
  const focusedName = (['email', 'password'] as const).find((name) => field(name) === active);
  return {
    values: { email: value('email'), password: value('password') },
    focused:
      focusedName && active instanceof HTMLInputElement
        ? { name: focusedName, selectionStart: active.selectionStart, selectionEnd: active.selectionEnd }
        : null,
    pressed: form.hasAttribute('data-pressed'),
    sentLogin: sentLogin(),
    clicks: shellClicks(),
  };
}

/** Presses on the live page the buttons that were pressed on the prerendered one. */
export function replayShellClicks(insidePage: Element, clicks: number[]): void {
  const page = insidePage.closest(`[${LOGIN_PAGE_ATTRIBUTE}]`);
  if (!page) return;
  const buttons = page.querySelectorAll('button');
  for (const index of clicks) buttons[index]?.click();
}

/** Removes the prerendered page and its styles; the app's own page is on screen in the same frame. */
export function removeLoginShell(): void {
  document.getElementById(LOGIN_SHELL_ID)?.remove();
}

/**
 * Moves the caret into the app's form where it was in the shell. An email input has no selection API, so there the
 * caret simply goes to the end, where someone typing has it anyway.
 */
export function restoreShellFocus(form: HTMLFormElement, focused: ShellState['focused']): void {
  if (!focused) return;
  const input = form.elements.namedItem(focused.name);
  if (!(input instanceof HTMLInputElement)) return;
  input.focus();
  try {
    input.setSelectionRange(focused.selectionStart, focused.selectionEnd);
  } catch {
    // type="email" throws on setSelectionRange; its caret is at the end after focus().
  }
}
