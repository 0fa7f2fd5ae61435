/**
 * The System page's webhook calls (docs/product/webhooks.md), loaded with the card rather than with the back office's
 * data provider, whose parts are in its first screen (budgeted: scripts/size-budget.mjs).
 */
import { useMemo } from 'react';
import type { RequestBody, ResponseBody } from '../../api/types';
import { useApiUrl } from '../apiUrl';
import { httpClient } from '../httpClient';

export type Webhook = ResponseBody<'Webhooks_get'>;
export type WebhookWithSecret = ResponseBody<'Webhooks_create'>;
export type WebhookDelivery = ResponseBody<'Webhooks_deliveries'>[number];
export type WebhookBody = RequestBody<'Webhooks_create'>;
export type WebhookChanges = RequestBody<'Webhooks_update'>;

/** The webhooks' reads: the list, and each endpoint's delivery log (the first element the URL, as other keys). */
export const webhooksKeys = {
  all: ['/api/admin/webhooks'] as const,
  deliveries: (id: number) => ['/api/admin/webhooks', id, 'deliveries'] as const,
};

/** The calls, on the back office's API root (a local server's in tests). */
export function useWebhooksApi() {
  const apiUrl = useApiUrl();
  return useMemo(() => {
    const call = async <T,>(method: string, path: string, body?: unknown): Promise<T> =>
      (await httpClient(`${apiUrl}/admin/webhooks${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) })).json as T;
    return {
      list: () => call<Webhook[]>('GET', ''),
      create: (body: WebhookBody) => call<WebhookWithSecret>('POST', '', body),
      update: (id: number, changes: WebhookChanges) => call<Webhook>('PATCH', `/${id}`, changes),
      remove: (id: number) => call<unknown>('DELETE', `/${id}`),
      rotateSecret: (id: number) => call<WebhookWithSecret>('POST', `/${id}/rotate-secret`),
      test: (id: number) => call<WebhookDelivery>('POST', `/${id}/test`),
      deliveries: (id: number) => call<WebhookDelivery[]>('GET', `/${id}/deliveries`),
      redeliver: (id: number, deliveryId: number) => call<WebhookDelivery>('POST', `/${id}/deliveries/${deliveryId}/redeliver`),
    };
  }, [apiUrl]);
}
