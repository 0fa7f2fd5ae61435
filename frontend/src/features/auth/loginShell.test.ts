import { describe, expect, it } from 'vitest';
import script from '../../../boot/login-shell.js?raw';
import { EMAIL_PATTERN } from './loginValidation';

describe("the prerendered login page's script", () => {
  it('sends a login only for the e-mail addresses the app would send it for', () => {
    // frontend/boot/login-shell.js runs before any of the app's code, so it holds its own copy of the pattern.
    expect(script).toContain(`var EMAIL_PATTERN = /${EMAIL_PATTERN.source}/;`);
  });
});
