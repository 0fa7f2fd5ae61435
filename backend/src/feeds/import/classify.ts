/**
 * Tells guest stays from blocked dates in OTA exports (docs/interop.md#what-each-platforms-export-looks-like, fixtures README 1–3):
 * Airbnb writes `Reserved` / `Airbnb (Not available)` and a reservation link plus the phone's last 4 digits in
 * DESCRIPTION; VRBO writes `Reserved - <name>` / `Blocked` (Abritel: `Réservée - …` / `Indisponible`);
 * Booking.com writes `CLOSED - Not available` for both stays and closed dates, so those count as blocks.
 * Anything else (a Google calendar, a PMS) is a plain 'event'.
 */

export type ExternalBookingKind = 'booking' | 'block' | 'event';

export interface Classification {
  kind: ExternalBookingKind;
  /** Airbnb reservation code (e.g. HMABCDE123) from the reservation URL. Personal data: show to the owner only. */
  reservationCode?: string;
  /** Last 4 digits of the guest's phone as Airbnb exports them. Personal data. */
  phoneLast4?: string;
}

// The lookahead ends a match at the end of a word, also after ')' where \b would not match.
const BOOKING_SUMMARY = /^(reserved|réservée|reservert|booked)(?![\p{L}\p{N}])/iu;
const BLOCK_SUMMARY = /^(blocked|blokkert|indisponible|closed - not available|airbnb \(not available\)|not available)(?![\p{L}\p{N}])/iu;

export function classifyEvent(summary: string, description: string | null): Classification {
  const text = summary.trim();
  const kind: ExternalBookingKind = BLOCK_SUMMARY.test(text) ? 'block' : BOOKING_SUMMARY.test(text) ? 'booking' : 'event';
  const result: Classification = { kind };
  if (description) {
    const code =
      description.match(/airbnb\.[a-z.]+\/hosting\/reservations\/details\/([A-Z0-9]+)/i) ??
      description.match(/airbnb\.[a-z.]+\/reservation\/itinerary\?code=([A-Z0-9]+)/i);
    if (code) result.reservationCode = code[1];
    const phone = description.match(/Phone Number \(Last 4 Digits\):\s*(\d{4})/i);
    if (phone) result.phoneLast4 = phone[1];
  }
  return result;
}
