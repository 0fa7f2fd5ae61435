/**
 * Mobile or desktop list variant (docs/product/app.md#layout-and-devices): the 'devicePreference' in localStorage ('mobile' | 'desktop' | 'auto')
 * decides; in auto, mobile means a screen at most 640 px wide, following screen changes.
 */
import { useMediaQuery } from '@mui/material';

export const MOBILE_QUERY = '(max-width:640px)';

function devicePreference(): string | null {
  try {
    return globalThis.localStorage?.getItem('devicePreference') ?? null;
  } catch {
    return null;
  }
}

export function useIsMobile(): boolean {
  const narrow = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const preference = devicePreference();
  if (preference === 'mobile') return true;
  if (preference === 'desktop') return false;
  return narrow;
}
