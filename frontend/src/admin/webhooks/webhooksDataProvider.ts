/** The System page's webhooks (docs/product/webhooks.md): endpoints, their secret, test, delivery log and "send again". */
import type { RequestBody, ResponseBody } from '../../api/types';
import type { DataProviderPart, ProviderTools } from '../dataProviderPart';

export type Webhook = ResponseBody<'Webhooks_get'>;
export type WebhookWithSecret = ResponseBody<'Webhooks_create'>;
export type WebhookDelivery = ResponseBody<'Webhooks_deliveries'>[number];
export type WebhookBody = RequestBody<'Webhooks_create'>;
export type WebhookChanges = RequestBody<'Webhooks_update'>;

/** The webhooks' reads: the list, and each endpoint's delivery log. */
export const webhooksKeys = {
  all: ['admin-webhooks'] as const,
  deliveries: (id: number) => ['admin-webhooks', id, 'deliveries'] as const,
};

export interface WebhooksDataProvider {
  webhooks(): Promise<Webhook[]>;
  createWebhook(body: WebhookBody): Promise<WebhookWithSecret>;
  updateWebhook(id: number, changes: WebhookChanges): Promise<Webhook>;
  deleteWebhook(id: number): Promise<void>;
  rotateWebhookSecret(id: number): Promise<WebhookWithSecret>;
  testWebhook(id: number): Promise<WebhookDelivery>;
  webhookDeliveries(id: number): Promise<WebhookDelivery[]>;
  redeliverWebhook(id: number, deliveryId: number): Promise<WebhookDelivery>;
}

export default function webhooksData({ adminUrl, call, post }: ProviderTools): DataProviderPart<WebhooksDataProvider> {
  const at = (id: number) => `${adminUrl}/webhooks/${id}`;
  return {
    methods: {
      webhooks: () => call('GET', `${adminUrl}/webhooks`),
      createWebhook: (body) => post('webhooks', body),
      updateWebhook: (id, changes) => call('PATCH', at(id), changes),
      deleteWebhook: async (id) => {
        await call('DELETE', at(id));
      },
      rotateWebhookSecret: (id) => post(`webhooks/${id}/rotate-secret`),
      testWebhook: (id) => post(`webhooks/${id}/test`),
      webhookDeliveries: (id) => call('GET', `${at(id)}/deliveries`),
      redeliverWebhook: (id, deliveryId) => post(`webhooks/${id}/deliveries/${deliveryId}/redeliver`),
    },
  };
}

// The composed provider's type gains this part's calls (dataProviderPart.ts, PartCalls).
declare module '../dataProviderPart' {
  interface PartCalls {
    webhooks: WebhooksDataProvider;
  }
}
