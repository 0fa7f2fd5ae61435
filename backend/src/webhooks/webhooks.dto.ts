import { ApiProperty, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsOmittable } from '../common/optional';
import { toSingleLine } from '../common/text/control-characters';
import type { WebhookDelivery } from './webhook-delivery.entity';
import type { WebhookEndpoint } from './webhook-endpoint.entity';
import { WEBHOOK_EVENT_TYPES } from './webhooks.types';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/**
 * POST /api/admin/webhooks (docs/product/webhooks.md#endpoints): an https address (at most 2000 characters) and the
 * events it hears, at least one; each event is checked by the service (`webhook_event_unknown`), the address too
 * (`webhook_url_invalid`, `webhook_url_not_https`, `webhook_url_private`, `webhook_url_unresolvable`).
 */
export class CreateWebhookDto {
  @Transform(trimmed)
  @MaxLength(2000, { message: 'Adressen kan være høyst 2000 tegn' })
  @IsString({ message: 'Adresse er påkrevd' })
  url: string;

  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length, { message: 'For mange hendelser' })
  @ArrayMinSize(1, { message: 'Velg minst én hendelse' })
  @IsString({ each: true, message: 'Hendelsene må være tekster' })
  @IsArray({ message: 'Velg minst én hendelse' })
  @ApiProperty({ type: [String], example: ['booking.created'] })
  events: string[];

  @IsOptional()
  @Transform(toSingleLine)
  @MaxLength(500, { message: 'Beskrivelsen kan være høyst 500 tegn' })
  @IsString({ message: 'Beskrivelsen må være tekst' })
  description?: string | null;
}

/** PATCH /api/admin/webhooks/{id}: any of the create fields, and `enabled` (turning a disabled endpoint on clears its failing spell). */
export class UpdateWebhookDto extends PartialType(CreateWebhookDto) {
  @IsOmittable()
  @IsBoolean({ message: 'enabled må være true eller false' })
  enabled?: boolean;
}

export class WebhookResponse {
  id: number;
  url: string;
  description: string | null;
  events: string[];
  enabled: boolean;
  /** 'failing' when the portal turned it off after 3 days of failed deliveries. */
  disabledReason: string | null;
  failingSince: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The answer to a create or a secret rotation: the only time the secret is shown. */
export class WebhookWithSecretResponse extends WebhookResponse {
  /** 'whsec_' and the key in base64, as the Standard Webhooks libraries take it. */
  secret: string;
}

export class DeletedWebhookResponse {
  message: string;
  id: number;
}

export class WebhookDeliveryResponse {
  id: number;
  /** The webhook-id header, the same on every attempt. */
  messageId: string;
  eventType: string;
  @ApiProperty({ enum: ['pending', 'succeeded', 'failed'] })
  status: string;
  attempts: number;
  lastAttemptAt: Date | null;
  lastDurationMs: number | null;
  /** The receiver's HTTP status; null when no answer came. */
  lastResponseStatus: number | null;
  lastError: string | null;
  /** When the next attempt is due; null once it succeeded or was given up. */
  nextAttemptAt: Date | null;
  createdAt: Date;
}

export function mapWebhook(e: WebhookEndpoint): WebhookResponse {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    events: e.events,
    enabled: e.enabled,
    disabledReason: e.disabledReason,
    failingSince: e.failingSince,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}

export function mapDelivery(d: WebhookDelivery): WebhookDeliveryResponse {
  return {
    id: d.id,
    messageId: d.messageId,
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    lastAttemptAt: d.lastAttemptAt,
    lastDurationMs: d.lastDurationMs,
    lastResponseStatus: d.lastResponseStatus,
    lastError: d.lastError,
    nextAttemptAt: d.nextAttemptAt,
    createdAt: d.createdAt,
  };
}
