import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PayoutsModule } from '../payouts/payouts.module';
import { UsersModule } from '../users/users.module';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { WebhookEvents } from './webhook-events';
import { WebhookSender } from './webhook-sender.service';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

/**
 * Webhooks (docs/product/webhooks.md): staff's endpoints, the domains' events turned into signed deliveries after
 * their commit, sent and retried through pg-boss, and the delivery log.
 */
@Module({
  imports: [TypeOrmModule.forFeature([WebhookEndpoint, WebhookDelivery]), UsersModule, PayoutsModule],
  controllers: [WebhooksController],
  providers: [WebhooksService, WebhookSender, WebhookEvents],
  exports: [WebhooksService],
})
export class WebhooksModule {}
