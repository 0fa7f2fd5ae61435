/**
 * The system settings everyone reads (GET /api/system-settings is public, so the login page has them before anyone
 * signs in): the design's colours and the company's contact details. One query for all of them, read once a session
 * and kept for a while: staff change them rarely, and a change applies on the next read.
 */
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../api/client';
import { queryKeys } from '../api/queryKeys';
import type { SystemSetting } from '../api/types';

const SETTINGS_STALE_MS = 5 * 60_000;

/** The settings staff have set, or undefined while they load (or when the read failed: nobody needs an error for it). */
export function useSystemSettings(): readonly SystemSetting[] | undefined {
  const { data } = useQuery({
    queryKey: queryKeys.systemSettings,
    queryFn: () => apiJson<SystemSetting[]>('GET', queryKeys.systemSettings[0]),
    staleTime: SETTINGS_STALE_MS,
    retry: false,
  });
  return data;
}

/** One key's value, or null where staff have given none (never set, or set empty). */
export function settingValue(settings: readonly SystemSetting[] | undefined, key: string): string | null {
  return settings?.find((setting) => setting.key === key)?.value || null;
}
