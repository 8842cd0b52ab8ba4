/** What the back office's API answers about staff sessions and devices, shared by the server and the screens. */

/** One open session of an account (GET /gestao/api/sessions). */
export interface SessionSummary {
  /** An opaque handle: DELETE /gestao/api/sessions/:id ends it. */
  id: string;
  createdAt: string;
  lastSeenAt: string;
  ip: string | null;
  userAgent: string | null;
  current: boolean;
}

/**
 * A device the account logged in on (GET /gestao/api/devices): its password logins get an
 * allowance of their own while it is kept.
 */
export interface DeviceSummary {
  /** DELETE /gestao/api/devices/:id forgets it. */
  id: string;
  /** When it last logged in (its cookie was given). */
  loggedInAt: string;
  ip: string;
  userAgent: string;
  /** The browser asking. */
  current: boolean;
}

/** One of a person's passkeys (GET /gestao/api/passkeys). */
export interface PasskeySummary {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}
