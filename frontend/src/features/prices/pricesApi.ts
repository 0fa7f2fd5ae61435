/** The price intervals' calls (docs/product/payouts-and-prices.md#screens): an owner's own, or for an admin the picked owner's. */
import { apiJson } from '../../api/client';
import type { RequestBody } from '../../api/types';
import type { Price } from './types';

/**
 * Price intervals: of the viewer's chosen property (userId null; propertyId null is their first, its id after it
 * another), or for an admin the chosen owner's first property.
 */
export const pricesKeys = {
  ofOwner: (userId: number | null, propertyId: number | null = null) => (propertyId === null ? (['/api/prices', userId] as const) : (['/api/prices', userId, propertyId] as const)),
};

/** A property's intervals: with `userId` (admins) that owner's first property's, else the chosen property's (null: the first). */
export const fetchPrices = (userId: number | null, propertyId: number | null = null) =>
  apiJson<Price[]>('GET', userId !== null ? `/api/prices?userId=${userId}` : propertyId !== null ? `/api/prices?propertyId=${propertyId}` : '/api/prices');

/** A new interval for an owner (POST), or a change of the one with `id` (PUT). */
export const savePrice = (change: RequestBody<'Prices_update'>, target: { id: number } | { userId: number | null }) =>
  'id' in target ? apiJson<Price>('PUT', `/api/prices/${target.id}`, change) : apiJson<Price>('POST', '/api/prices', { ...change, userId: target.userId });

export const deletePrice = (id: number) => apiJson('DELETE', `/api/prices/${id}`);
