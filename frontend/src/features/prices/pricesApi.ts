/** The price intervals' calls (docs/product/payouts-and-prices.md#screens): an owner's own, or for an admin the picked owner's. */
import { apiJson } from '../../api/client';
import type { RequestBody } from '../../api/types';
import type { Price } from './types';

/** Price intervals: the viewer's own (null), or for an admin the chosen owner's. */
export const pricesKeys = {
  ofOwner: (userId: number | null) => ['/api/prices', userId] as const,
};

/** An owner's intervals: the caller's own, or with `userId` (admins) that owner's. */
export const fetchPrices = (userId: number | null) => apiJson<Price[]>('GET', userId === null ? '/api/prices' : `/api/prices?userId=${userId}`);

/** A new interval for an owner (POST), or a change of the one with `id` (PUT). */
export const savePrice = (change: RequestBody<'Prices_update'>, target: { id: number } | { userId: number | null }) =>
  'id' in target ? apiJson<Price>('PUT', `/api/prices/${target.id}`, change) : apiJson<Price>('POST', '/api/prices', { ...change, userId: target.userId });

export const deletePrice = (id: number) => apiJson('DELETE', `/api/prices/${id}`);
