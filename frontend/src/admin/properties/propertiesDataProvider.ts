/**
 * The 'properties' resource (docs/product/properties.md, "Back office"): the list, creating and deleting on
 * /api/admin/properties (simple-rest), a change with PATCH there; one property and its members where members read
 * them, /api/properties/{id}, which staff may read for any property; its stay rules and year's nights the same way, the
 * rules changed with PUT under /api/admin. The pages import only this file's types, so
 * it stays in the back office's own chunk rather than one of its own.
 */
import type { GetListParams, GetListResult, Identifier, RaRecord } from 'react-admin';
import type { RequestBody, ResponseBody } from '../../api/types';
import { asRecords, type DataProviderPart, type ProviderTools } from '../dataProviderPart';
import { httpClient } from '../httpClient';

/** A row of the list: the property with its owners' names and how many members it has. */
export type AdminProperty = ResponseBody<'AdminProperties_list'>[number];
export type PropertyMember = ResponseBody<'Properties_members'>[number];

/** A property's stay rules (docs/product/stays.md#the-rules), as read and as sent. */
export type StayRules = ResponseBody<'Stays_get'>;
export type StayRulesInput = RequestBody<'AdminStays_set'>;
/** A property's nights in a year (docs/product/stays.md#the-years-nights). */
export type PropertyNights = ResponseBody<'Nights_year'>;

export interface PropertiesDataProvider {
  propertyMembers(id: Identifier): Promise<PropertyMember[]>;
  stayRules(id: Identifier): Promise<StayRules>;
  /** Replaces the rules as a whole; a refusal carries the server's per-field errors (httpClient). */
  setStayRules(id: Identifier, rules: StayRulesInput): Promise<StayRules>;
  propertyNights(id: Identifier, year: number): Promise<PropertyNights>;
}

declare module '../dataProviderPart' {
  interface PartCalls {
    properties: PropertiesDataProvider;
  }
}

export default function propertiesData({ apiUrl, adminUrl, call, rootRest }: ProviderTools): DataProviderPart<PropertiesDataProvider> {
  const adminPath = `${adminUrl}/properties`;
  // The list takes the person as ?userId= beside react-admin's parameters: in `filter`, as simple-rest puts it, it is refused.
  const list = async ({ pagination = { page: 1, perPage: 25 }, sort, filter: { userId, ...filter }, signal }: GetListParams) => {
    const { page, perPage } = pagination;
    const query = new URLSearchParams({ range: JSON.stringify([(page - 1) * perPage, page * perPage - 1]), filter: JSON.stringify(filter) });
    if (sort) query.set('sort', JSON.stringify([sort.field, sort.order]));
    if (userId) query.set('userId', userId);
    const { json, headers } = await httpClient(`${adminPath}?${query}`, { signal });
    return asRecords<GetListResult>({ data: json, total: Number(headers.get('content-range')?.split('/').pop()) });
  };
  return {
    resources: {
      properties: {
        getList: (_resource, params) => list(params),
        getManyReference: (_resource, { target, id, filter, ...params }) => list({ ...params, filter: { ...filter, [target]: id } }),
        getOne: (resource, params) => rootRest.getOne(resource, params),
        // The edit form sends its own fields only (PropertyEdit's transform).
        update: async (_resource, { id, data, previousData }) => asRecords({ data: { ...previousData, ...(await call<RaRecord>('PATCH', `${adminPath}/${id}`, data)) } }),
      },
    },
    methods: {
      propertyMembers: (id) => call('GET', `${apiUrl}/properties/${id}/members`),
      // Staff read the rules and the nights where members do; admins change the rules under /api/admin.
      stayRules: (id) => call('GET', `${apiUrl}/properties/${id}/stay-rules`),
      setStayRules: (id, rules) => call('PUT', `${adminPath}/${id}/stay-rules`, rules),
      propertyNights: (id, year) => call('GET', `${apiUrl}/properties/${id}/nights?year=${year}`),
    },
  };
}
