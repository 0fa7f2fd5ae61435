/** One entry of a person's activity timeline (docs/security.md, The audit log). */
export class ActivityEntryResponse {
  id: number;
  /** What happened: `login`, `login.failed`, `password.changed`, `account_number.changed`, `role.changed`, `event.create`, … (every code: docs/security.md#the-audit-log). */
  action: string;
  createdAt: Date;
  /** Who did it; null for the system or a failed sign-in. */
  actorId: number | null;
  /** The actor's name now; null when there is none or the account was deleted. */
  actorName: string | null;
  /** What the action touched (an event's title, a sign-in's method); never a secret. */
  details: Record<string, unknown>;
  browser: string | null;
  os: string | null;
  /** The network it came from: an IPv4 /24 or an IPv6 /48. */
  ipPrefix: string | null;
}
