/**
 * The one HTTP client of the back office: react-admin's fetchJson with the session cookie, and the server's error
 * body ({ message, code, params?, errors?: [{ field, message, code }] }) turned into what react-admin understands:
 * the error's text in the reader's language (the catalogue's `errors.<code>`, else the server's message), and the
 * field errors as { field: text } so forms mark the fields the server refused, each in the reader's language too.
 */
import { fetchUtils, HttpError } from 'react-admin';
import { codedText, errorText, fieldErrorText, promptReauth, ReauthCancelled, type FieldError, type MessageParams } from '../api/client';
import i18n from '../i18n';

export type { FieldError };

export interface ApiErrorBody {
  message?: string;
  code?: string;
  params?: MessageParams;
  errors?: FieldError[] | Record<string, string>;
}

export function toFieldErrors(errors: ApiErrorBody['errors']): Record<string, string> | undefined {
  if (!errors) return undefined;
  if (!Array.isArray(errors)) return errors;
  const byField: Record<string, string> = {};
  // The first message per field wins: it is the one the server reports first.
  for (const error of errors) if (error.field && !(error.field in byField)) byField[error.field] = fieldErrorText(error, i18n);
  return Object.keys(byField).length ? byField : undefined;
}

/** The text of an error body in the reader's language: the field's rule for a validation error, else `errors.<code>`. */
function bodyText(body: ApiErrorBody, fallback: string): string {
  const [first] = Array.isArray(body.errors) ? body.errors : [];
  if (body.code === 'validation' && first?.code && i18n.exists(`fieldErrors.${first.code}`)) {
    return i18n.t('fieldErrors.named', { text: fieldErrorText(first, i18n), field: first.field });
  }
  return codedText({ code: body.code, params: body.params, message: body.message }, fallback, i18n);
}

/** An HttpError whose message is the server's error in the reader's language (or the status when the body says nothing). */
export function normalizeHttpError(error: HttpError): HttpError {
  const body = (error.body ?? undefined) as ApiErrorBody | undefined;
  const serverText = (typeof body?.message === 'string' && body.message) || error.message || `HTTP ${error.status}`;
  const message = body && typeof body === 'object' ? bodyText(body, serverText) : serverText;
  const errors = toFieldErrors(body?.errors);
  if (!body || typeof body !== 'object') return new HttpError(message, error.status, body);
  const { errors: _raw, ...rest } = body;
  return new HttpError(message, error.status, errors ? { ...rest, errors } : rest);
}

const needsReauth = (error: unknown) =>
  error instanceof HttpError && error.status === 403 && (error.body as ApiErrorBody | undefined)?.code === 'reauth_required';

/**
 * A sensitive change the server refuses with 403 `reauth_required` (docs/security.md#re-authentication) opens the
 * re-authentication dialog the back office mounts (AdminLayout) and, once the password (and code) was accepted, is
 * sent once more; cancelling throws ReauthCancelled, which the toasts leave unsaid.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const send = () => fetchUtils.fetchJson(url, { ...options, credentials: 'include' });
  try {
    try {
      return await send();
    } catch (error) {
      const asked = needsReauth(error) ? promptReauth() : null;
      if (!asked) throw error;
      if (!(await asked)) throw new ReauthCancelled();
      return await send();
    }
  } catch (error) {
    throw error instanceof HttpError ? normalizeHttpError(error) : error;
  }
}

/**
 * The text to show for any failure, in the reader's language: a refusal from the server by its code (HttpErrors from
 * httpClient carry that text already; one from the app's API client is rendered the same way), else what the browser
 * said (network errors).
 */
export function errorMessage(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error && error.message) return errorText(error, error.message, i18n);
  return String(error);
}
