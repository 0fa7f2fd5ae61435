/**
 * The 'stay-requests' resource (docs/product/stays.md#stays-as-requests): the list and one request are simple-rest on
 * /api/admin/stay-requests; approving and declining are POSTs of their own, with the note to the owners.
 */
import type { Identifier } from 'react-admin';
import type { ResponseBody } from '../../api/types';
import type { DataProviderPart, ProviderTools } from '../dataProviderPart';

export type StayRequest = ResponseBody<'AdminStayRequests_one'>;
export type StayRequestStatus = StayRequest['status'];
export type StayDecision = 'approve' | 'decline';

export interface StayRequestsDataProvider {
  /** 409 `stay_request_decided` when it was decided already or withdrawn (its text through httpClient). */
  decideStayRequest(id: Identifier, decision: StayDecision, note: string | null): Promise<StayRequest>;
}

declare module '../dataProviderPart' {
  interface PartCalls {
    'stay-requests': StayRequestsDataProvider;
  }
}

export default function stayRequestsData({ post }: ProviderTools): DataProviderPart<StayRequestsDataProvider> {
  return { methods: { decideStayRequest: (id, decision, note) => post(`stay-requests/${id}/${decision}`, { note }) } };
}
