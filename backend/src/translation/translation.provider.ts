import { HttpClient, HttpError } from '../common/adapters/http-client';

/** A machine-translation backend. Languages are ISO 639-1 codes ('nb' is sent as each service expects it). */
export interface TranslationProvider {
  readonly name: string;
  /** The setting that holds this service's key, named in the error when the service refuses it. */
  readonly keySetting: string;
  translate(text: string, source: string, target: string): Promise<string>;
}

export class TranslationFailed extends Error {}

/** One translation's answer is a few kilobytes; far more is not a translation. */
const MAX_ANSWER_BYTES = 1024 * 1024;
/** How long one translation may take, the whole exchange included. */
export const TRANSLATION_TIMEOUT_MS = 10_000;

/**
 * POSTs JSON through the app's HttpClient and parses the answer, whose shape the caller expects but still checks
 * (`T` fields may be missing). The service's address is the operator's setting, not a user's, so it may be on the
 * operator's own network (a self-hosted LibreTranslate): the address rule for users' URLs does not apply.
 */
async function postJson<T>(http: HttpClient, url: string, body: unknown, headers: Record<string, string>, keySetting: string): Promise<Partial<T> | null> {
  let res;
  try {
    res = await http.post(url, JSON.stringify(body), {
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      timeoutMs: TRANSLATION_TIMEOUT_MS,
      maxBytes: MAX_ANSWER_BYTES,
      allowPrivateHosts: true,
      anyStatus: true,
    });
  } catch (e) {
    if (e instanceof HttpError && e.kind === 'timeout') throw new TranslationFailed('Translation service timed out');
    throw e;
  }
  const text = res.body.toString('utf8');
  // 401/403: the key is missing or wrong, which only the operator can fix, so the error says where it is set.
  if (res.status === 401 || res.status === 403) throw new TranslationFailed(`${res.status} from translation service: the key was refused (check ${keySetting})`);
  if (res.status < 200 || res.status >= 300) throw new TranslationFailed(`${res.status} from translation service: ${text.slice(0, 200)}`);
  try {
    return JSON.parse(text);
  } catch {
    throw new TranslationFailed('Translation service answered something that is not JSON');
  }
}

/** A self-hosted LibreTranslate server (POST /translate). It knows Norwegian Bokmål as 'nb'. */
export class LibreTranslateProvider implements TranslationProvider {
  readonly name = 'libretranslate';
  readonly keySetting = 'TRANSLATE_API_KEY';
  constructor(private readonly http: HttpClient, private readonly baseUrl: string, private readonly apiKey?: string) {}

  async translate(text: string, source: string, target: string): Promise<string> {
    const body: Record<string, string> = { q: text, source, target, format: 'text' };
    if (this.apiKey) body.api_key = this.apiKey;
    const json = await postJson<{ translatedText: unknown; error: string }>(this.http, `${this.baseUrl.replace(/\/+$/, '')}/translate`, body, {}, this.keySetting);
    if (typeof json?.translatedText !== 'string') throw new TranslationFailed(json?.error ?? 'Unknown translation error');
    return json.translatedText;
  }
}

/** DeepL API v2. Free keys (ending ':fx') use api-free.deepl.com. DeepL calls Norwegian Bokmål 'NB'. */
export class DeepLProvider implements TranslationProvider {
  readonly name = 'deepl';
  readonly keySetting = 'DEEPL_API_KEY';
  constructor(
    private readonly http: HttpClient,
    private readonly apiKey: string,
    private readonly baseUrl = apiKey.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com',
  ) {}

  async translate(text: string, source: string, target: string): Promise<string> {
    const deeplTarget = target === 'en' ? 'EN-GB' : target.toUpperCase();
    const json = await postJson<{ translations: { text: unknown }[] }>(
      this.http,
      `${this.baseUrl.replace(/\/+$/, '')}/v2/translate`,
      { text: [text], source_lang: source.toUpperCase(), target_lang: deeplTarget },
      { authorization: `DeepL-Auth-Key ${this.apiKey}` },
      this.keySetting,
    );
    const translated = json?.translations?.[0]?.text;
    if (typeof translated !== 'string') throw new TranslationFailed('Unknown translation error');
    return translated;
  }
}
