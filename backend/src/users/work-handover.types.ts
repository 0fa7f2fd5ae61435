/**
 * What a person holds as staff that must not vanish with them (docs/roles.md#removing-a-person): upcoming appointments,
 * upcoming meetings made outside the booking page, open cases assigned to them. Counted per kind, by the handlers of
 * the in-transaction event `users.work.counting` (users.events.ts).
 */
export interface HeldWork {
  appointments: number;
  meetings: number;
  cases: number;
}

/** What the admin chose for the work a departing staff member holds: hand it to a successor, or cancel it. */
export type WorkChoice = { handOverTo: number } | { cancelWork: true };
