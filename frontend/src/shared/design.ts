/**
 * The service's design (docs/product/system.md#settings): the front page's colours and the calendar's event colour,
 * set by staff in the back office's system tab and read by everyone (GET /api/system-settings is public, so the
 * login page has them before anyone logs in). A key staff have not set keeps the product's own look.
 */
import type { SystemSetting } from '../api/types';
import { useSystemSettings } from './systemSettings';

export const DESIGN_KEYS = ['frontPage.backgroundColor', 'frontPage.textColor', 'calendar.eventColor'] as const;
export type DesignKey = (typeof DESIGN_KEYS)[number];

/** Each design key's colour, or null where staff left the product's own (the login hero's gradient, white text, red events). */
export type Design = Record<DesignKey, string | null>;

/** The colour new owner events are stored with (docs/product/system.md#settings): an event in it has not been given a colour of its own. */
export const STORED_EVENT_COLOR = '#ef4444';

const COLOUR = /^#[0-9a-f]{6}$/i;

export function designFrom(settings: readonly SystemSetting[] | undefined): Design {
  const value = (key: DesignKey) => {
    const found = settings?.find((setting) => setting.key === key)?.value;
    return found && COLOUR.test(found) ? found : null;
  };
  return { 'frontPage.backgroundColor': value('frontPage.backgroundColor'), 'frontPage.textColor': value('frontPage.textColor'), 'calendar.eventColor': value('calendar.eventColor') };
}

export function useDesign(): Design {
  return designFrom(useSystemSettings());
}

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21); text needs 4.5 to be readable (AA). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA's least contrast for text of normal size (docs/development.md#colour-contrast). */
export const TEXT_CONTRAST_MIN = 4.5;

/**
 * The text colour to write on a #rrggbb background (docs/development.md#colour-contrast): white where it reaches
 * 4.5:1, else black, which then always does (a colour white fails on is light enough to give black 4.6:1 or more).
 * Staff and admins pick event colours freely, so a light one gets black text. Not a #rrggbb colour: white.
 * (Hand-written rather than MUI's getContrastRatio, which rounds luminance to three decimals.)
 */
export function readableTextColor(background: string): '#ffffff' | '#000000' {
  if (!COLOUR.test(background)) return '#ffffff';
  return contrastRatio('#ffffff', background) >= TEXT_CONTRAST_MIN ? '#ffffff' : '#000000';
}
