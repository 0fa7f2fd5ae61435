import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AdminCasesController } from './admin-cases.controller';
import { MAX_FILES } from './attachment-errors.interceptor';
import { Case, CaseAttachment, CaseMessage } from './case.entity';
import { CasesController } from './cases.controller';
import { CasesService } from './cases.service';

/** Customer-service cases: messages, attachments (in the FileStore) and the events that make them live. */
@Module({
  imports: [
    TypeOrmModule.forFeature([Case, CaseMessage, CaseAttachment]),
    // In memory up to the cap, then into the database: no upload touches the disk of one instance.
    MulterModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ limits: { fileSize: config.cases.attachmentMaxBytes, files: MAX_FILES, fields: 10, fieldSize: 16 * 1024, parts: MAX_FILES + 10 } }),
    }),
  ],
  controllers: [CasesController, AdminCasesController],
  providers: [CasesService],
  exports: [CasesService],
})
export class CasesModule {}
