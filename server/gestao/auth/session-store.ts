/**
 * @fastify/session's store over the staff_sessions table, so that every instance sees every
 * session and an ended session stops working everywhere at once. Only the SHA-256 of a session id
 * is stored. Both limits are enforced here, by the server's clock, whatever the cookie says:
 * 30 minutes without a request (idle) and 12 hours after the login (absolute).
 */
import type { FastifySessionObject } from '@fastify/session';
import type { FastifyRequest, Session } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import {
  deleteExpiredStaffSessions,
  deleteStaffSession,
  findStaffSession,
  updateStaffSession,
  upsertStaffSession,
} from '../../db/repositories/staff/staff-sessions-repository';
import { newToken, sha256Hex } from './tokens';

export const IDLE_LIMIT_MS = 30 * 60_000;
export const ABSOLUTE_LIMIT_MS = 12 * 60 * 60_000;

/** Set on a session read from the table: its save only updates the row, never re-creates it. */
const STORED = '_stored';
/** The row's created_at, carried in the session so that a save can keep the absolute limit. */
const CREATED = '_createdAt';
/** Properties of the session object that are not its data. */
const NOT_DATA = new Set(['cookie', STORED, CREATED]);

declare module 'fastify' {
  interface Session {
    /** The account logged in on this session. */
    userId?: number;
    /** The address and browser that logged in (shown on the sessions page). */
    loginIp?: string;
    loginUserAgent?: string;
    /** @fastify/csrf-protection's secret (from the login on). */
    _csrf?: string;
    /** Before it, what an anonymous visitor's CSRF token is bound to (auth/csrf.ts). */
    csrfBinding?: string;
    [STORED]?: boolean;
    [CREATED]?: string;
  }
}

/**
 * A new session id for the same session (ASVS 7.2.4), after the password was proved again or
 * changed: the old id stops working at once, so one seen before (in a log, a shoulder-surfed
 * cookie) is worth nothing from then on. Its data (who, the CSRF secret: tokens the page holds stay
 * good) and its start (the 12-hour limit) carry over; its row is written anew under the new id.
 */
export async function renewSessionId(request: FastifyRequest): Promise<void> {
  const kept = Object.keys(request.session).filter((key) => key !== 'cookie' && key !== STORED) as (keyof Session)[];
  await request.session.regenerate(kept);
}

type Callback = (error?: unknown) => void;
type GetCallback = (error: unknown, session?: Session | null) => void;

function expiresAt(createdAt: Date, lastSeenAt: Date): string {
  return new Date(Math.min(createdAt.getTime() + ABSOLUTE_LIMIT_MS, lastSeenAt.getTime() + IDLE_LIMIT_MS)).toISOString();
}

function dataOf(session: Session): Record<string, unknown> {
  return Object.fromEntries(Object.entries(session).filter(([key]) => !NOT_DATA.has(key)));
}

export class StaffSessionStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  get(sessionId: string, callback: GetCallback): void {
    this.read(sessionId).then(
      (session) => callback(null, session),
      (error: unknown) => callback(error),
    );
  }

  set(sessionId: string, session: Session | FastifySessionObject, callback: Callback): void {
    this.write(sessionId, session).then(() => callback(), callback);
  }

  destroy(sessionId: string, callback: Callback): void {
    deleteStaffSession(this.db, sha256Hex(sessionId)).then(() => callback(), callback);
  }

  private async read(sessionId: string): Promise<Session | null> {
    const idHash = sha256Hex(sessionId);
    const row = await findStaffSession(this.db, idHash);
    if (!row) return null;
    const now = this.clock().getTime();
    const idle = now - Date.parse(row.last_seen_at) >= IDLE_LIMIT_MS;
    const tooOld = now - Date.parse(row.created_at) >= ABSOLUTE_LIMIT_MS;
    if (idle || tooOld || now >= Date.parse(row.expires_at)) {
      await deleteStaffSession(this.db, idHash);
      return null;
    }
    const data = JSON.parse(row.data) as Record<string, unknown>;
    return { ...data, [STORED]: true, [CREATED]: row.created_at } as unknown as Session;
  }

  private async write(sessionId: string, session: Session): Promise<void> {
    const idHash = sha256Hex(sessionId);
    const now = this.clock();
    const createdAt = typeof session[CREATED] === 'string' ? new Date(session[CREATED]) : now;
    const fields = {
      user_id: typeof session.userId === 'number' ? session.userId : null,
      data: JSON.stringify(dataOf(session)),
      last_seen_at: now.toISOString(),
      expires_at: expiresAt(createdAt, now),
    };
    if (session[STORED]) {
      // Ended by someone else while this request ran: it stays ended.
      await updateStaffSession(this.db, idHash, fields);
      return;
    }
    await upsertStaffSession(this.db, {
      id_hash: idHash,
      handle: newToken().slice(0, 22),
      created_at: createdAt.toISOString(),
      ip: session.loginIp ?? null,
      user_agent: session.loginUserAgent?.slice(0, 512) ?? null,
      ...fields,
    });
    // New sessions are rare (a visit to the login page, a login): a good moment to drop dead rows.
    await deleteExpiredStaffSessions(this.db, now.toISOString());
  }
}
