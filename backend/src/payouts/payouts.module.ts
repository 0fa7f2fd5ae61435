import { BadRequestException, Module, PayloadTooLargeException } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { FileStore, MAX_FILE_BYTES } from '../common/adapters/file-store';
import { FileStoreStorage } from '../common/adapters/file-store-storage';
import { coded } from '../common/http-exception.filter';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { BookingsModule } from '../bookings/bookings.module';
import { CalendarModule } from '../calendar/calendar.module';
import { MailModule } from '../mail/mail.module';
import { NightsModule } from '../nights/nights.module';
import { PropertiesModule } from '../properties/properties.module';
import { UsersModule } from '../users/users.module';
import { AdminPayoutsController } from './admin-payouts.controller';
import { InsightsController } from './insights.controller';
import { InsightsService } from './insights.service';
import { PayoutAlerts } from './payout-alerts';
import { Payout } from './payout.entity';
import { PayoutLine } from './payout-line.entity';
import { AdminPayoutLinesController, ReceiptErrorsInterceptor } from './admin-payout-lines.controller';
import { PayoutLinesService, RECEIPT_TYPES } from './payout-lines.service';
import { PayoutsController } from './payouts.controller';
import { PayoutsService } from './payouts.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([Payout, PayoutLine]),
    // A line's receipt is streamed into the FileStore as case attachments are, and only a PDF or an image is taken
    // (docs/product/payouts-and-prices.md#receipts).
    MulterModule.registerAsync({
      inject: [FileStore],
      useFactory: (files: FileStore) => ({
        storage: new FileStoreStorage(files, {
          maxBytes: MAX_FILE_BYTES,
          types: RECEIPT_TYPES,
          refused: (e, name, maxBytes) => {
            if (e.reason === 'too_large') return new PayloadTooLargeException(coded('payout_receipt_too_large', `Kvitteringen er for stor (maks ${Math.round(maxBytes / 1024 / 1024)} MB)`, { max: Math.round(maxBytes / 1024 / 1024) }));
            if (e.reason === 'empty') return new BadRequestException(coded('payout_receipt_empty', 'Kvitteringen er tom'));
            return new BadRequestException(coded('payout_receipt_type', 'En kvittering må være en PDF eller et bilde', { name: name.slice(0, 100) }));
          },
          nameless: () => new BadRequestException(coded('payout_receipt_name', 'Filen må ha et navn (ikke bare punktum eller skråstrek)')),
        }),
        defParamCharset: 'utf8',
        preservePath: true,
        limits: { files: 1, fields: 5, fieldSize: 1024, parts: 6 },
      }),
    }),
    UsersModule, AuditModule, CalendarModule, BookingsModule, MailModule, PropertiesModule, NightsModule,
  ],
  controllers: [PayoutsController, AdminPayoutsController, AdminPayoutLinesController, InsightsController],
  providers: [PayoutsService, PayoutAlerts, PayoutLinesService, ReceiptErrorsInterceptor, InsightsService],
  exports: [PayoutsService, PayoutLinesService],
})
export class PayoutsModule {}
