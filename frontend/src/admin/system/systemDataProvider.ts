/** The system page's calls: the maintenance switch and the system settings. */
import type { MaintenanceStatus, SystemSetting } from '../../api/types';
import type { DataProviderPart, ProviderTools } from '../dataProviderPart';

/** The system page's maintenance status. */
export const systemKeys = { maintenance: ['admin-maintenance'] as const };

export interface SystemDataProvider {
  /** The maintenance state (GET /api/maintenance-status) and its switch (POST /api/admin/maintenance-mode). */
  maintenanceStatus(): Promise<MaintenanceStatus>;
  setMaintenance(enabled: boolean, message: string): Promise<MaintenanceStatus>;
  /** The system settings staff have set (GET /api/system-settings) and one key's new value (PUT /api/system-settings/{key}). */
  systemSettings(): Promise<SystemSetting[]>;
  setSystemSetting(key: string, value: string): Promise<SystemSetting>;
}

export default function systemData({ apiUrl, call, post }: ProviderTools): DataProviderPart<SystemDataProvider> {
  return {
    methods: {
      maintenanceStatus: () => call('GET', `${apiUrl}/maintenance-status`),
      setMaintenance: (enabled, message) => post('maintenance-mode', { enabled, message }),
      systemSettings: () => call('GET', `${apiUrl}/system-settings`),
      setSystemSetting: (key, value) => call('PUT', `${apiUrl}/system-settings/${encodeURIComponent(key)}`, { value }),
    },
  };
}

// The composed provider's type gains this part's calls (dataProviderPart.ts, PartCalls).
declare module '../dataProviderPart' {
  interface PartCalls {
    system: SystemDataProvider;
  }
}
