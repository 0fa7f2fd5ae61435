/** The backup history, making one now, and restoring one (admins only). */
import type { Backup, RestoreAnswer } from '../../api/types';
import type { DataProviderPart, ProviderTools } from '../dataProviderPart';

/** The backup page's list; react-admin keys the resources' own records by resource name. */
export const backupsKeys = { list: ['admin-backups'] as const };

export interface BackupsDataProvider {
  backups(): Promise<Backup[]>;
  createBackup(): Promise<Backup>;
  restoreBackup(filename: string): Promise<RestoreAnswer>;
}

export default function backupsData({ adminUrl, call, post }: ProviderTools): DataProviderPart<BackupsDataProvider> {
  return {
    methods: {
      backups: () => call('GET', `${adminUrl}/backups`),
      createBackup: () => post('backups'),
      restoreBackup: (filename) => post(`backups/restore/${encodeURIComponent(filename)}`),
    },
  };
}

// The composed provider's type gains this part's calls (dataProviderPart.ts, PartCalls).
declare module '../dataProviderPart' {
  interface PartCalls {
    backups: BackupsDataProvider;
  }
}
