/**
 * The one fetch wrapper every call goes through (SPEC §7, §8): cookies always travel, a JSON body is sent only
 * when there is a payload, and any non-OK answer throws an ApiError whose message is `${status}: ${body}`.
 */

export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  /** The server's own `message` (our error filter sends `{ message, errors? }`), when the body was that JSON. */
  readonly serverMessage?: string;
  readonly errors: FieldError[];

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    const parsed = parseJson(bodyText);
    if (parsed && typeof parsed === 'object') {
      const { message, errors } = parsed as { message?: unknown; errors?: unknown };
      if (typeof message === 'string') this.serverMessage = message;
      else if (Array.isArray(message)) this.serverMessage = message.filter((m) => typeof m === 'string').join(', ');
      this.errors = Array.isArray(errors) ? (errors as FieldError[]) : [];
    } else {
      this.errors = [];
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Sends a request and returns the raw Response when it is OK; throws ApiError otherwise. */
export async function apiRequest(method: string, url: string, payload?: unknown): Promise<Response> {
  const hasPayload = payload !== undefined;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: hasPayload ? { 'Content-Type': 'application/json' } : undefined,
    body: hasPayload ? JSON.stringify(payload) : undefined,
  });
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text());
  return res;
}

/** apiRequest plus JSON parsing; an empty body (204) gives undefined. */
export async function apiJson<T>(method: string, url: string, payload?: unknown): Promise<T> {
  const res = await apiRequest(method, url, payload);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The text to show a person for a failed call: the server's message when it sent one, otherwise the
 * `${status}: …` message, otherwise the given fallback.
 */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage || error.message || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
