import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { EventBus } from '../common/events/domain-events';
import { errorForLog } from '../common/text/control-characters';
import { mapPayout } from '../payouts/payouts.dto';
import { PayoutsService } from '../payouts/payouts.service';
import { WebhookSender } from './webhook-sender.service';
import { WebhooksService } from './webhooks.service';
import type { WebhookEventType } from './webhooks.types';

/**
 * The domains' events after their commit, as webhook events (docs/product/webhooks.md#events): each becomes one
 * delivery per subscribed endpoint, its `data` the API's answer for the thing, as the owning domain maps it.
 */
@Injectable()
export class WebhookEvents implements OnModuleInit {
  private readonly logger = new Logger(WebhookEvents.name);

  constructor(
    private readonly bus: EventBus,
    private readonly webhooks: WebhooksService,
    private readonly sender: WebhookSender,
    private readonly payouts: PayoutsService,
  ) {}

  onModuleInit(): void {
    this.bus.on('calendar.event.saved', (e) => this.publish(`event.${e.change}`, e.event));
    this.bus.on('cases.created', (e) => this.publish('case.created', { ...e.case, message: e.message }));
    this.bus.on('cases.message.written', (e) => this.publish('case.message', e.message));
    this.bus.on('payouts.changed', async (e) => this.publish(e.change === 'registered' ? 'payout.created' : 'payout.updated', mapPayout(await this.payouts.get(e.payoutId))));
    this.bus.on('agreements.created', (e) => e.agreement && this.publish('agreement.created', e.agreement));
    this.bus.on('agreements.changed', (e) => e.agreement && this.publish('agreement.updated', e.agreement));
    this.bus.on('agreements.cancelled', (e) => e.agreement && this.publish('agreement.updated', e.agreement));
    this.bus.on('bookings.conflicts.detected', async (e) => {
      for (const conflict of e.answers) await this.publish('conflict.detected', conflict);
    });
  }

  /** Records the event's deliveries and queues them; a failure is logged and never fails the change behind it. */
  async publish(type: WebhookEventType, data: unknown): Promise<void> {
    try {
      await this.sender.queue(await this.webhooks.record(type, data));
    } catch (e) {
      this.logger.error(`webhook event ${type}: ${errorForLog(e)}`);
    }
  }
}
