/** Scheduled jobs with their last runs, and running one now. */
import type { JobStatus } from '../../api/types';
import type { DataProviderPart, ProviderTools } from '../dataProviderPart';

/** The jobs page's list. */
export const jobsKeys = { list: ['admin-jobs'] as const };

export interface JobsDataProvider {
  jobs(): Promise<JobStatus[]>;
  runJob(id: string): Promise<JobStatus>;
}

export default function jobsData({ adminUrl, call, post }: ProviderTools): DataProviderPart<JobsDataProvider> {
  return {
    methods: {
      jobs: () => call('GET', `${adminUrl}/jobs`),
      runJob: (id) => post(`jobs/${encodeURIComponent(id)}/run`),
    },
  };
}

// The composed provider's type gains this part's calls (dataProviderPart.ts, PartCalls).
declare module '../dataProviderPart' {
  interface PartCalls {
    jobs: JobsDataProvider;
  }
}
