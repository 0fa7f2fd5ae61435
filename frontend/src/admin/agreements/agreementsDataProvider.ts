/**
 * The 'agreements' resource: /admin/agreements in the back office, /api/admin-agreements in the API
 * (docs/product/agreements.md#screens), at the API's root rather than under /admin; writes send the form's fields only.
 */
import type { RaRecord } from 'react-admin';
import { asRecords, type DataProviderPart, type ProviderTools } from '../dataProviderPart';

export const AGREEMENTS_RESOURCE = 'agreements';
const AGREEMENTS_PATH = 'admin-agreements';

/**
 * What POST and PUT /api/admin-agreements take: the form's fields only. The edit form edits the place as
 * `location` (docs/product/agreements.md#data-and-states), so an update sends that name; a create sends meetingLocation.
 */
export function toAgreementPayload(data: Partial<Record<string, unknown>>, isCreate: boolean) {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const date = (v: unknown) => (v instanceof Date ? v.toISOString() : typeof v === 'string' && v ? new Date(v).toISOString() : undefined);
  const common = {
    title: typeof data.title === 'string' ? data.title.trim() : data.title,
    description: text(data.description),
    meetingDate: date(data.meetingDate),
    endDate: date(data.endDate) ?? null,
    status: data.status,
  };
  // An owner, a property or both: what is left empty is left out (a property alone means its owner).
  const id = (v: unknown) => (v === null || v === undefined || v === '' ? undefined : Number(v));
  return isCreate
    ? { ...common, userId: id(data.userId), propertyId: id(data.propertyId), meetingLocation: text(data.meetingLocation), meetingType: data.meetingType }
    : { ...common, location: text(data.location) };
}

export default function agreementsData({ apiUrl, call, rootRest }: ProviderTools): DataProviderPart {
  const url = (id?: RaRecord['id']) => `${apiUrl}/${AGREEMENTS_PATH}${id === undefined ? '' : `/${encodeURIComponent(id)}`}`;
  return {
    resources: {
      [AGREEMENTS_RESOURCE]: {
        getList: (_resource, params) => rootRest.getList(AGREEMENTS_PATH, params),
        getOne: (_resource, params) => rootRest.getOne(AGREEMENTS_PATH, params),
        getMany: (_resource, params) => rootRest.getMany(AGREEMENTS_PATH, params),
        create: async (_resource, params) => asRecords({ data: await call<RaRecord>('POST', url(), toAgreementPayload(params.data, true)) }),
        update: async (_resource, params) => asRecords({ data: await call<RaRecord>('PUT', url(params.id), toAgreementPayload(params.data, false)) }),
        delete: async (_resource, params) => {
          await call('DELETE', url(params.id));
          return asRecords({ data: params.previousData ?? { id: params.id } });
        },
      },
    },
    methods: {},
  };
}
