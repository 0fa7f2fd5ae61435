import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Access } from '../common/access.decorator';
import { TranslationService } from './translation.service';

const LANGUAGES = ['nb', 'no', 'nn', 'en'];

export class TranslateDto {
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(5000, { message: 'Teksten er for lang til å oversettes' })
  @IsNotEmpty({ message: 'No text provided for translation' })
  @IsString({ message: 'No text provided for translation' })
  text: string;

  @IsIn(LANGUAGES, { message: 'Ugyldig målspråk' })
  targetLanguage: string;

  @IsOptional()
  @IsIn(LANGUAGES, { message: 'Ugyldig kildespråk' })
  sourceLanguage?: string;
}

@Controller('translate')
export class TranslationController {
  constructor(private readonly translation: TranslationService) {}

  /** Norwegian ⇄ English. A missing or failing service answers success: false with the reason. */
  @Post()
  @Access('user')
  @HttpCode(200)
  translate(@Body() dto: TranslateDto) {
    return this.translation.translate(dto.text, dto.targetLanguage, dto.sourceLanguage);
  }
}
