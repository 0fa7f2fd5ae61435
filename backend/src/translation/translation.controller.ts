import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { Access } from '../common/access.decorator';
import { TranslateDto, TranslateResponse, TranslationStatusResponse } from './translation.dto';
import { TranslationService } from './translation.service';
import { NoTokens } from '../common/token-scope.decorator';

@Controller('translate')
export class TranslationController {
  constructor(private readonly translation: TranslationService) {}

  /** Whether a translation service is configured: the app offers the translate button only then. */
  @Get()
  @NoTokens()
  @Access('user')
  status(): TranslationStatusResponse {
    return { available: this.translation.provider !== null };
  }

  /** Norwegian ⇄ English. A missing or failing service answers success: false with the reason. */
  @Post()
  @NoTokens()
  @Access('user')
  @HttpCode(200)
  translate(@Body() dto: TranslateDto): Promise<TranslateResponse> {
    return this.translation.translate(dto.text, dto.targetLanguage, dto.sourceLanguage);
  }
}
