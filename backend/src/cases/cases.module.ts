import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FileStore } from '../common/adapters/file-store';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { PropertiesModule } from '../properties/properties.module';
import { SystemModule } from '../system/system.module';
import { PayoutsModule } from '../payouts/payouts.module';
import { UsersModule } from '../users/users.module';
import { AdminCasesController } from './admin-cases.controller';
import { AttachmentStorage, UploadGateInterceptor } from './attachment-upload';
import { MAX_FILES } from './attachment-errors.interceptor';
import { Case, CaseAttachment, CaseMessage } from './case.entity';
import { CasesController } from './cases.controller';
import { CasesService } from './cases.service';

/** Customer-service cases: messages, attachments (in the FileStore) and the events that make them live. */
@Module({
  imports: [
    TypeOrmModule.forFeature([Case, CaseMessage, CaseAttachment]),
    // Each file streamed into the FileStore (the database) as it arrives: no upload is held whole in memory or
    // touches the disk of one instance. Names are read as UTF-8, as browsers send them, and whole (path included),
    // so that a name like '..' is refused rather than silently dropped (docs/product/cases.md).
    MulterModule.registerAsync({
      inject: [APP_CONFIG, FileStore],
      useFactory: (config: AppConfig, files: FileStore) => ({
        storage: new AttachmentStorage(files, config.cases.attachmentMaxBytes),
        defParamCharset: 'utf8',
        preservePath: true,
        limits: { fileSize: config.cases.attachmentMaxBytes, files: MAX_FILES, fields: 10, fieldSize: 16 * 1024, parts: MAX_FILES + 10 },
      }),
    }),
    SystemModule,
    UsersModule,
    PropertiesModule,
    PayoutsModule,
  ],
  controllers: [CasesController, AdminCasesController],
  providers: [CasesService, UploadGateInterceptor],
  exports: [CasesService],
})
export class CasesModule {}
