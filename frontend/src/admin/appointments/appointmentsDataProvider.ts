/**
 * The 'appointments' resource reads at the API's root, /api/appointments (docs/appointments.md), and deleting one
 * cancels it; opening hours and closed dates are plain simple-rest under /api/admin.
 */
import type { RaRecord } from 'react-admin';
import { asRecords, type DataProviderPart, type ProviderTools } from '../dataProviderPart';
import { APPOINTMENTS_RESOURCE } from './names';

const APPOINTMENTS_PATH = 'appointments';

export default function appointmentsData({ apiUrl, call, rootRest }: ProviderTools): DataProviderPart {
  return {
    resources: {
      [APPOINTMENTS_RESOURCE]: {
        getList: (_resource, params) => rootRest.getList(APPOINTMENTS_PATH, params),
        getOne: (_resource, params) => rootRest.getOne(APPOINTMENTS_PATH, params),
        getMany: (_resource, params) => rootRest.getMany(APPOINTMENTS_PATH, params),
        // The answer is the cancelled appointment.
        delete: async (_resource, params) => asRecords({ data: await call<RaRecord>('DELETE', `${apiUrl}/${APPOINTMENTS_PATH}/${encodeURIComponent(params.id)}`) }),
      },
    },
    methods: {},
  };
}
