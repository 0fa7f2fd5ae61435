/** The cases' call beside simple-rest on /api/admin/cases: assigning a case. */
import type { Identifier, RaRecord } from 'react-admin';
import type { DataProviderPart, ProviderTools } from '../dataProviderPart';

export interface CasesDataProvider {
  /** Assigns a case to an admin (null: nobody) and/or a department (null: none); fields left out stay. */
  assignCase(id: Identifier, input: { adminId?: number | null; department?: string | null }): Promise<RaRecord>;
}

export default function casesData({ post }: ProviderTools): DataProviderPart<CasesDataProvider> {
  return { methods: { assignCase: (id, input) => post(`cases/${encodeURIComponent(id)}/assign`, input) } };
}

// The composed provider's type gains this part's calls (dataProviderPart.ts, PartCalls).
declare module '../dataProviderPart' {
  interface PartCalls {
    cases: CasesDataProvider;
  }
}
