import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IsOmittable } from '../common/optional';

const LANGUAGES = ['nb', 'no', 'nn', 'en'];

export class TranslateDto {
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(5000, { message: 'Teksten er for lang til å oversettes' })
  @IsNotEmpty({ message: 'No text provided for translation' })
  @IsString({ message: 'No text provided for translation' })
  text: string;

  @IsIn(LANGUAGES, { message: 'Ugyldig målspråk' })
  targetLanguage: string;

  @IsOmittable()
  @IsIn(LANGUAGES, { message: 'Ugyldig kildespråk' })
  sourceLanguage?: string;
}

/** A failed or unconfigured translation is an answer too: success false, with the reason in error. */
export class TranslateResponse {
  success: boolean;
  translatedText: string | null;
  error: string | null;
}

export class TranslationStatusResponse {
  /** True when TRANSLATE_URL (LibreTranslate) or DEEPL_API_KEY is set; without one, translating always fails. */
  available: boolean;
}
