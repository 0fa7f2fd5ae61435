/**
 * The one HTTP client of the back office: react-admin's fetchJson with the session cookie, and the server's error
 * body ({ message, errors?: [{ field, message }] }) turned into what react-admin understands: the message as the
 * error's text, and the field errors as { field: message } so forms mark the fields the server refused.
 */
import { fetchUtils, HttpError } from 'react-admin';
import { promptReauth, ReauthCancelled } from '../api/client';

export interface FieldError {
  field: string;
  message: string;
}

export interface ApiErrorBody {
  message?: string;
  code?: string;
  errors?: FieldError[] | Record<string, string>;
}

export function toFieldErrors(errors: ApiErrorBody['errors']): Record<string, string> | undefined {
  if (!errors) return undefined;
  if (!Array.isArray(errors)) return errors;
  const byField: Record<string, string> = {};
  // The first message per field wins: it is the one the server reports first.
  for (const { field, message } of errors) if (field && !(field in byField)) byField[field] = message;
  return Object.keys(byField).length ? byField : undefined;
}

/** An HttpError whose message is the server's message (or the status when the body says nothing). */
export function normalizeHttpError(error: HttpError): HttpError {
  const body = (error.body ?? undefined) as ApiErrorBody | undefined;
  const message =
    (typeof body?.message === 'string' && body.message) || error.message || `HTTP ${error.status}`;
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

/** The text to show for any failure: the server's message, or what the browser said (network errors). */
export function errorMessage(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}
