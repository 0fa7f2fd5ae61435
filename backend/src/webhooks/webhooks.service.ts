import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes, randomUUID } from 'node:crypto';
import { In, Repository } from 'typeorm';
import { Clock } from '../common/adapters/clock';
import { HttpClient } from '../common/adapters/http-client';
import { coded } from '../common/http-exception.filter';
import { Sealer } from '../common/secrets';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { User } from '../users/user.entity';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import type { CreateWebhookDto, UpdateWebhookDto } from './webhooks.dto';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT, type WebhookEventType } from './webhooks.types';

const EVENT_TYPES = new Set<string>(WEBHOOK_EVENT_TYPES);
/** Deliveries the log shows of an endpoint, newest first. */
const DELIVERY_LOG_SIZE = 100;

/**
 * Webhook endpoints and the deliveries of the portal's events to them (docs/product/webhooks.md). An endpoint's
 * address is checked when it is saved (https, and a host whose every address passes the feeds' address rule) and
 * again when each delivery is sent (webhook-sender.service.ts). Its secret is sealed with the server secret and
 * answered only when made or rotated; it is never logged.
 */
@Injectable()
export class WebhooksService {
  private readonly sealer: Sealer;

  constructor(
    @InjectRepository(WebhookEndpoint) private readonly endpoints: Repository<WebhookEndpoint>,
    @InjectRepository(WebhookDelivery) private readonly deliveries: Repository<WebhookDelivery>,
    private readonly http: HttpClient,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.sealer = new Sealer(config.sessionSecret ?? '', 'webhook-secret');
  }

  list(): Promise<WebhookEndpoint[]> {
    return this.endpoints.find({ order: { id: 'ASC' } });
  }

  async get(id: number): Promise<WebhookEndpoint> {
    const endpoint = await this.endpoints.findOneBy({ id });
    if (!endpoint) throw new NotFoundException(coded('not_found', 'Webhooken finnes ikke'));
    return endpoint;
  }

  /** A new endpoint with a new secret; the answer is the only time the secret is shown. */
  async create(admin: User, dto: CreateWebhookDto): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const events = this.checkedEvents(dto.events);
    const url = await this.checkedUrl(dto.url);
    const secret = newSecret();
    const endpoint = await this.endpoints.save(
      this.endpoints.create({ url, events, description: dto.description || null, secretSealed: this.sealer.seal(secret), enabled: true, createdById: admin.id }),
    );
    return { endpoint, secret };
  }

  async update(id: number, dto: UpdateWebhookDto): Promise<WebhookEndpoint> {
    const endpoint = await this.get(id);
    if (dto.events !== undefined) endpoint.events = this.checkedEvents(dto.events);
    if (dto.url !== undefined) endpoint.url = await this.checkedUrl(dto.url);
    if (dto.description !== undefined) endpoint.description = dto.description || null;
    if (dto.enabled !== undefined && dto.enabled !== endpoint.enabled) {
      endpoint.enabled = dto.enabled;
      // Turned on again: a new start, its failing spell forgotten.
      endpoint.disabledReason = null;
      endpoint.failingSince = null;
    }
    return this.endpoints.save(endpoint);
  }

  /** A new secret for the endpoint, answered once; the old one signs nothing from now on. */
  async rotateSecret(id: number): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const endpoint = await this.get(id);
    const secret = newSecret();
    endpoint.secretSealed = this.sealer.seal(secret);
    return { endpoint: await this.endpoints.save(endpoint), secret };
  }

  /** Deletes the endpoint and its delivery log; what waited is not sent. */
  async remove(id: number): Promise<void> {
    await this.get(id);
    await this.endpoints.delete({ id });
  }

  /** The endpoint's secret, for signing (webhook-sender.service.ts); null when it was sealed under another server secret. */
  secretOf(endpoint: WebhookEndpoint): string | null {
    return this.sealer.open(endpoint.secretSealed);
  }

  async deliveriesOf(id: number): Promise<WebhookDelivery[]> {
    await this.get(id);
    return this.deliveries.find({ where: { endpointId: id }, order: { createdAt: 'DESC', id: 'DESC' }, take: DELIVERY_LOG_SIZE });
  }

  async delivery(endpointId: number, deliveryId: number): Promise<WebhookDelivery> {
    const delivery = await this.deliveries.findOneBy({ id: deliveryId, endpointId });
    if (!delivery) throw new NotFoundException(coded('not_found', 'Leveringen finnes ikke'));
    return delivery;
  }

  /**
   * Stores one delivery of an event for each enabled endpoint that subscribed to it, after the change committed;
   * answers the new deliveries, which the sender queues. `data` is the API's answer for the thing.
   */
  async record(type: WebhookEventType, data: unknown): Promise<WebhookDelivery[]> {
    const subscribed = (await this.endpoints.find({ where: { enabled: true } })).filter((e) => e.events.includes(type));
    if (subscribed.length === 0) return [];
    return this.deliveries.save(subscribed.map((e) => this.newDelivery(e.id, type, data)));
  }

  /** The test button's delivery: a `webhook.test` event to this endpoint alone, whether it is on or not. */
  async recordTest(id: number): Promise<WebhookDelivery> {
    const endpoint = await this.get(id);
    return this.deliveries.save(this.newDelivery(endpoint.id, WEBHOOK_TEST_EVENT, { webhookId: endpoint.id, url: endpoint.url }));
  }

  /** Sends a delivery again (staff's "send again"): pending and due now, with the same message id. */
  async redeliver(endpointId: number, deliveryId: number): Promise<WebhookDelivery> {
    const delivery = await this.delivery(endpointId, deliveryId);
    delivery.status = 'pending';
    delivery.nextAttemptAt = this.clock.now();
    return this.deliveries.save(delivery);
  }

  async deliveriesByIds(ids: number[]): Promise<WebhookDelivery[]> {
    return ids.length ? this.deliveries.findBy({ id: In(ids) }) : [];
  }

  private newDelivery(endpointId: number, type: string, data: unknown): WebhookDelivery {
    const now = this.clock.now();
    return this.deliveries.create({
      endpointId,
      messageId: `msg_${randomUUID().replace(/-/g, '')}`,
      eventType: type,
      payload: JSON.stringify({ type, timestamp: now.toISOString(), data }),
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    });
  }

  private checkedEvents(events: string[]): string[] {
    const unknown = events.filter((e) => !EVENT_TYPES.has(e));
    if (unknown.length) throw new BadRequestException(coded('webhook_event_unknown', `Ukjent hendelse: ${unknown.join(', ')}`, { events: unknown.join(', ') }));
    return [...new Set(events)];
  }

  /** https with a host whose every address the address rule allows; http and private hosts only under ALLOW_PRIVATE_WEBHOOK_HOSTS. */
  private async checkedUrl(raw: string): Promise<string> {
    const { allowPrivateHosts } = this.config.webhooks;
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new BadRequestException(coded('webhook_url_invalid', 'Ugyldig adresse'));
    }
    if (url.protocol !== 'https:' && !(allowPrivateHosts && url.protocol === 'http:')) throw new BadRequestException(coded('webhook_url_not_https', 'Adressen må være https'));
    if (url.username || url.password) throw new BadRequestException(coded('webhook_url_invalid', 'Ugyldig adresse'));
    const verdict = await this.http.hostAllowed(url.hostname, allowPrivateHosts);
    if (verdict === 'blocked') throw new BadRequestException(coded('webhook_url_private', 'Adressen er i et privat nett'));
    if (verdict === 'unresolvable') throw new BadRequestException(coded('webhook_url_unresolvable', 'Ukjent vertsnavn'));
    return url.toString();
  }
}

/** 'whsec_' and 24 random bytes in base64, the form the Standard Webhooks libraries take. */
const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;
