/** A machine-translation backend. Languages are ISO 639-1 codes ('nb' is sent as each service expects it). */
export interface TranslationProvider {
  readonly name: string;
  /** The setting that holds this service's key, named in the error when the service refuses it. */
  readonly keySetting: string;
  translate(text: string, source: string, target: string, signal: AbortSignal): Promise<string>;
}

export class TranslationFailed extends Error {}

/** POSTs JSON and parses the answer, whose shape the caller expects but still checks (`T` fields may be missing). */
async function postJson<T>(url: string, body: unknown, headers: Record<string, string>, signal: AbortSignal, keySetting: string): Promise<Partial<T> | null> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal });
  const text = await res.text();
  // 401/403: the key is missing or wrong, which only the operator can fix, so the error says where it is set.
  if (res.status === 401 || res.status === 403) throw new TranslationFailed(`${res.status} from translation service: the key was refused (check ${keySetting})`);
  if (!res.ok) throw new TranslationFailed(`${res.status} from translation service: ${text.slice(0, 200)}`);
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
  constructor(private readonly baseUrl: string, private readonly apiKey?: string) {}

  async translate(text: string, source: string, target: string, signal: AbortSignal): Promise<string> {
    const body: Record<string, string> = { q: text, source, target, format: 'text' };
    if (this.apiKey) body.api_key = this.apiKey;
    const json = await postJson<{ translatedText: unknown; error: string }>(`${this.baseUrl.replace(/\/+$/, '')}/translate`, body, {}, signal, this.keySetting);
    if (typeof json?.translatedText !== 'string') throw new TranslationFailed(json?.error ?? 'Unknown translation error');
    return json.translatedText;
  }
}

/** DeepL API v2. Free keys (ending ':fx') use api-free.deepl.com. DeepL calls Norwegian Bokmål 'NB'. */
export class DeepLProvider implements TranslationProvider {
  readonly name = 'deepl';
  readonly keySetting = 'DEEPL_API_KEY';
  constructor(private readonly apiKey: string, private readonly baseUrl = apiKey.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com') {}

  async translate(text: string, source: string, target: string, signal: AbortSignal): Promise<string> {
    const deeplTarget = target === 'en' ? 'EN-GB' : target.toUpperCase();
    const json = await postJson<{ translations: { text: unknown }[] }>(
      `${this.baseUrl.replace(/\/+$/, '')}/v2/translate`,
      { text: [text], source_lang: source.toUpperCase(), target_lang: deeplTarget },
      { authorization: `DeepL-Auth-Key ${this.apiKey}` },
      signal,
      this.keySetting,
    );
    const translated = json?.translations?.[0]?.text;
    if (typeof translated !== 'string') throw new TranslationFailed('Unknown translation error');
    return translated;
  }
}
