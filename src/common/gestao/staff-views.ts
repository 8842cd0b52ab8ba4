/** What the back office's API answers about staff sessions, shared by the server and the screens. */

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

/** One of a person's passkeys (GET /gestao/api/passkeys). */
export interface PasskeySummary {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}
