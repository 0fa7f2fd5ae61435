/** One signed-in session of the user, as Settings → Sessions lists it. */
export class UserSessionResponse {
  /** An opaque id (not the cookie's session id). */
  id: string;
  /** True for the session this request came with. */
  current: boolean;
  createdAt: Date;
  lastSeenAt: Date;
  /** 'Firefox 128', from the User-Agent at sign-in; null when it did not tell. */
  browser: string | null;
  os: string | null;
  /** The network signed in from: an IPv4 /24 or an IPv6 /48. */
  ipPrefix: string | null;
}
