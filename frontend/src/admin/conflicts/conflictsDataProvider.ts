/** Double bookings are read where owners read theirs, GET /api/conflicts (staff see every owner's). */
import type { DataProviderPart, ProviderTools } from '../dataProviderPart';
import { CONFLICTS_RESOURCE } from './names';

export default function conflictsData({ rootRest }: ProviderTools): DataProviderPart {
  return {
    resources: { [CONFLICTS_RESOURCE]: { getList: (_resource, params) => rootRest.getList(CONFLICTS_RESOURCE, params) } },
    methods: {},
  };
}
