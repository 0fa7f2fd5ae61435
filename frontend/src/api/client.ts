/**
 * The one fetch wrapper every call goes through (docs/product/app.md#data-reads): cookies always travel, a JSON body is sent only
 * when there is a payload, and any non-OK answer throws an ApiError whose message is `${status}: ${body}`.
 */
import i18next from 'i18next';

export interface FieldError {
  field: string;
  message: string;
  /** The rule that failed (`fieldErrors.<code>`: required, too_long, …) and the limit it names (docs/api.md#errors). */
  code?: string;
  params?: MessageParams;
}

/** Values a coded message names ({{reason}}, {{field}}, ...). */
export type MessageParams = Record<string, string | number>;

/** What renders a coded message: the app's i18next instance, or another in tests. */
export type Translator = Pick<typeof i18next, 'exists' | 't'>;

export class ApiError extends Error {
  readonly status: number;
  /** The server's own `message` (our error filter sends `{ message, code, params?, errors? }`), when the body was that JSON. */
  readonly serverMessage?: string;
  /** The message code beside it (`errors.<code>` in the catalogue) and the values it names. */
  readonly code?: string;
  readonly params?: MessageParams;
  readonly errors: FieldError[];

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    const parsed = parseJson(bodyText);
    if (parsed && typeof parsed === 'object') {
      const { message, code, params, errors } = parsed as { message?: unknown; code?: unknown; params?: unknown; errors?: unknown };
      if (typeof code === 'string') this.code = code;
      if (params && typeof params === 'object') this.params = params as MessageParams;
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

/**
 * Sends a request and returns the raw Response when it is OK; throws ApiError otherwise. The caller reads the body
 * (apiJson does): the API answers `Cache-Control: no-store`, so the browser keeps an unread body's request open.
 */
export async function apiRequest(method: string, url: string, payload?: unknown): Promise<Response> {
  const hasPayload = payload !== undefined;
  const send = () =>
    fetch(url, {
      method,
      credentials: 'include',
      headers: hasPayload ? { 'Content-Type': 'application/json' } : undefined,
      body: hasPayload ? JSON.stringify(payload) : undefined,
    });
  let res = await send();
  if (!res.ok) {
    const error = new ApiError(res.status, res.statusText, await res.text());
    const prompt = reauthPrompt;
    if (error.status !== 403 || error.code !== 'reauth_required' || !prompt) throw error;
    // A sensitive change asks again (docs/security.md#re-authentication): once the person has proved it, the same call
    // is sent once more; cancelling leaves everything as it was.
    if (!(await prompt())) throw new ReauthCancelled();
    res = await send();
    if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text());
  }
  return res;
}

/** Asks the person for their password (and code) again; resolves true once POST /api/user/reauth accepted it. */
export type ReauthPrompt = () => Promise<boolean>;

let reauthPrompt: ReauthPrompt | null = null;

/**
 * Who answers a 403 `reauth_required` (the settings feature's dialog, while its screen is open). Without one the
 * ApiError is thrown as it came. Returns the call that takes this prompt away again.
 */
export function setReauthPrompt(prompt: ReauthPrompt): () => void {
  reauthPrompt = prompt;
  return () => {
    if (reauthPrompt === prompt) reauthPrompt = null;
  };
}

/**
 * Asks the prompt for a caller that sends its own requests (the back office's HTTP client): resolves true once the
 * person proved it, false when they cancelled; null when no prompt is up, and the refusal stands.
 */
export function promptReauth(): Promise<boolean> | null {
  return reauthPrompt ? reauthPrompt() : null;
}

/** The person closed the re-authentication dialog: nothing was changed, and no error needs showing. */
export class ReauthCancelled extends Error {
  constructor() {
    super('Re-authentication cancelled');
    this.name = 'ReauthCancelled';
  }
}

/** An answer read in full where the app's code could not yet run (the prerendered login page's script sends one). */
export interface SentAnswer {
  status: number;
  statusText: string;
  text: string;
}

/** A read answer as apiJson gives it: its JSON (undefined when empty), or the ApiError a non-OK status throws. */
export function answerJson<T>({ status, statusText, text }: SentAnswer): T {
  if (status < 200 || status > 299) throw new ApiError(status, statusText, text);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** apiRequest plus JSON parsing; an empty body (204) gives undefined. */
export async function apiJson<T>(method: string, url: string, payload?: unknown): Promise<T> {
  const res = await apiRequest(method, url, payload);
  return answerJson<T>({ status: res.status, statusText: res.statusText, text: await res.text() });
}

/**
 * A coded message from the server (an error, a stored feed-sync warning) in the user's language: the catalogue's
 * `errors.<code>` with the params filled in when it knows the code, else the server's own text, else fallback.
 */
export function codedText(
  coded: { code?: string; params?: MessageParams; message?: string },
  fallback: string,
  i18n: Translator = i18next,
): string {
  if (coded.code && i18n.exists(`errors.${coded.code}`)) return i18n.t(`errors.${coded.code}`, coded.params ?? {});
  return coded.message || fallback;
}

/**
 * A field's error in the reader's language: the catalogue's `fieldErrors.<code>` (a rule: 'Påkrevd' / 'Required',
 * with its limit) or `errors.<code>` (a coded refusal of the field), else the server's text.
 */
export function fieldErrorText(error: FieldError, i18n: Translator = i18next): string {
  if (error.code && i18n.exists(`fieldErrors.${error.code}`)) return i18n.t(`fieldErrors.${error.code}`, error.params ?? {});
  return codedText({ code: error.code, params: error.params, message: error.message }, error.message, i18n);
}

/**
 * The text to show a person for a failed call: the catalogue's text for the server's message code, otherwise the
 * server's message, otherwise the `${status}: …` message, otherwise the given fallback. A validation error (code
 * 'validation') says its first field's rule in the reader's language, naming the field.
 */
export function errorText(error: unknown, fallback: string, i18n: Translator = i18next): string {
  const [first] = error instanceof ApiError ? error.errors : [];
  if (error instanceof ApiError && error.code === 'validation' && first?.code && i18n.exists(`fieldErrors.${first.code}`)) {
    return i18n.t('fieldErrors.named', { text: fieldErrorText(first, i18n), field: first.field });
  }
  if (error instanceof ApiError) return codedText({ code: error.code, params: error.params, message: error.serverMessage || error.message }, fallback, i18n);
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
