import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Access, CurrentUser } from '../common/access.decorator';
import { TokenScope } from '../common/token-scope.decorator';
import { ParseIdPipe } from '../common/ids';
import type { User } from '../users/user.entity';
import { WebhookSender } from './webhook-sender.service';
import { CreateWebhookDto, DeletedWebhookResponse, mapDelivery, mapWebhook, UpdateWebhookDto, WebhookDeliveryResponse, WebhookResponse, WebhookWithSecretResponse } from './webhooks.dto';
import { WebhooksService } from './webhooks.service';

/**
 * Webhook endpoints (docs/product/webhooks.md), on the back office's System page: admins only, as the rest of that
 * page (docs/roles.md). A secret is answered by the create and the rotation alone.
 */
@Controller('admin/webhooks')
export class WebhooksController {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly sender: WebhookSender,
  ) {}

  @Get()
  @Access('admin')
  @TokenScope('admin:read')
  async list(@Res({ passthrough: true }) res: Response): Promise<WebhookResponse[]> {
    const rows = await this.webhooks.list();
    res.setHeader('Content-Range', `webhooks 0-${Math.max(rows.length - 1, 0)}/${rows.length}`);
    return rows.map(mapWebhook);
  }

  @Post()
  @Access('admin')
  @TokenScope('admin:write')
  async create(@CurrentUser() admin: User, @Body() dto: CreateWebhookDto): Promise<WebhookWithSecretResponse> {
    const { endpoint, secret } = await this.webhooks.create(admin, dto);
    return { ...mapWebhook(endpoint), secret };
  }

  @Get(':id')
  @Access('admin')
  @TokenScope('admin:read')
  async get(@Param('id', ParseIdPipe) id: number): Promise<WebhookResponse> {
    return mapWebhook(await this.webhooks.get(id));
  }

  @Patch(':id')
  @Access('admin')
  @TokenScope('admin:write')
  async update(@Param('id', ParseIdPipe) id: number, @Body() dto: UpdateWebhookDto): Promise<WebhookResponse> {
    return mapWebhook(await this.webhooks.update(id, dto));
  }

  /** Deletes the endpoint and its delivery log; what waited is not sent. */
  @Delete(':id')
  @Access('admin')
  @TokenScope('admin:write')
  async remove(@Param('id', ParseIdPipe) id: number): Promise<DeletedWebhookResponse> {
    await this.webhooks.remove(id);
    return { message: 'Webhooken er slettet', id };
  }

  /** A new secret, answered once; the old one signs nothing from now on. */
  @Post(':id/rotate-secret')
  @Access('admin')
  @TokenScope('admin:write')
  @HttpCode(200)
  async rotate(@Param('id', ParseIdPipe) id: number): Promise<WebhookWithSecretResponse> {
    const { endpoint, secret } = await this.webhooks.rotateSecret(id);
    return { ...mapWebhook(endpoint), secret };
  }

  /** Sends a `webhook.test` event to the endpoint now; answers the delivery, whose outcome the log shows. */
  @Post(':id/test')
  @Access('admin')
  @TokenScope('admin:write')
  @HttpCode(202)
  async test(@Param('id', ParseIdPipe) id: number): Promise<WebhookDeliveryResponse> {
    const delivery = await this.webhooks.recordTest(id);
    await this.sender.queue([delivery]);
    return mapDelivery(delivery);
  }

  /** The endpoint's last 100 deliveries, newest first, each with its last attempt and next try. */
  @Get(':id/deliveries')
  @Access('admin')
  @TokenScope('admin:read')
  async deliveries(@Param('id', ParseIdPipe) id: number): Promise<WebhookDeliveryResponse[]> {
    return (await this.webhooks.deliveriesOf(id)).map(mapDelivery);
  }

  /** Sends a delivery again now, with the same webhook-id. */
  @Post(':id/deliveries/:deliveryId/redeliver')
  @Access('admin')
  @TokenScope('admin:write')
  @HttpCode(202)
  async redeliver(@Param('id', ParseIdPipe) id: number, @Param('deliveryId', ParseIdPipe) deliveryId: number): Promise<WebhookDeliveryResponse> {
    const delivery = await this.webhooks.redeliver(id, deliveryId);
    await this.sender.queue([delivery]);
    return mapDelivery(delivery);
  }
}
