/**
 * Whether 'Logg inn' was pressed on the prerendered login page before the app's code had run, told by the login form
 * as it takes that page over (features/auth/loginShell.ts) and heard by the app shell, which then fetches the
 * signed-in app at once instead of waiting for a pause in typing (app/App.tsx).
 */
let pressed = false;

export function markLoginPressedBeforeApp(): void {
  pressed = true;
}

export function loginPressedBeforeApp(): boolean {
  return pressed;
}
