import { Inject, Injectable, Logger } from '@nestjs/common';
import { HttpClient } from '../common/adapters/http-client';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DeepLProvider, LibreTranslateProvider, TranslationFailed, TranslationProvider } from './translation.provider';
import { forLog } from '../common/text/control-characters';

export interface TranslateResult { success: boolean; translatedText: string | null; error: string | null }

/** Names the settings by their real names (docs/operations.md): LibreTranslate's pair, or DeepL's key. */
const NOT_CONFIGURED = 'Translation is not configured on this server (set TRANSLATE_URL and TRANSLATE_API_KEY for LibreTranslate, or DEEPL_API_KEY for DeepL)';
/** 'no' and 'nn' are sent as Bokmål: the product's Norwegian is Bokmål. */
const normalise = (lang: string) => (['no', 'nn', 'nb'].includes(lang) ? 'nb' : lang);

@Injectable()
export class TranslationService {
  private readonly logger = new Logger(TranslationService.name);
  readonly provider: TranslationProvider | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig, http: HttpClient) {
    if (config.translateUrl) this.provider = new LibreTranslateProvider(http, config.translateUrl, config.translateApiKey);
    else if (config.deeplApiKey) this.provider = new DeepLProvider(http, config.deeplApiKey, config.deeplApiUrl);
    else this.provider = null;
  }

  async translate(text: string, target: string, source?: string): Promise<TranslateResult> {
    const to = normalise(target);
    const from = source ? normalise(source) : to === 'en' ? 'nb' : 'en';
    if (!this.provider) return { success: false, translatedText: null, error: NOT_CONFIGURED };
    if (from === to) return { success: true, translatedText: text, error: null };
    try {
      const translatedText = await this.provider.translate(text, from, to);
      return { success: true, translatedText, error: null };
    } catch (e) {
      const error = e instanceof TranslationFailed ? e.message : 'Failed to translate text';
      this.logger.warn(`${this.provider.name}: ${forLog(e)}`);
      return { success: false, translatedText: null, error };
    }
  }
}
