/**
 * A session's status after a last-minute change, and what visitors read for it. The programme,
 * the film and activity pages, the agenda and its calendar file all say it with these words.
 * '' is a session as planned.
 */
export const SESSION_STATUSES = ['', 'cancelled', 'sold_out', 'few_seats', 'moved', 'delayed'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** The word visitors see beside the session ('' has none). */
export const STATUS_LABELS: Record<SessionStatus, string> = {
  '': '',
  cancelled: 'Cancelada',
  sold_out: 'Esgotada',
  few_seats: 'Últimos lugares',
  moved: 'Mudou de sala',
  delayed: 'Atrasada',
};

/** Visitors' sentence for a status with its reason: "Sessão cancelada: cópia não chegou". */
export const STATUS_SENTENCES: Record<Exclude<SessionStatus, ''>, string> = {
  cancelled: 'Sessão cancelada',
  sold_out: 'Sessão esgotada',
  few_seats: 'Últimos lugares',
  moved: 'Sessão mudou de sala',
  delayed: 'Sessão atrasada',
};

export function isSessionStatus(value: unknown): value is SessionStatus {
  return typeof value === 'string' && (SESSION_STATUSES as readonly string[]).includes(value);
}

export function statusSentence(status: string, note: string): string {
  if (!isSessionStatus(status) || status === '') return '';
  const reason = note.trim();
  return reason ? `${STATUS_SENTENCES[status]}: ${reason}` : STATUS_SENTENCES[status];
}

/** A session no one can attend: it leaves clash rules and calendars, but stays on the page, marked. */
export const isCancelled = (status: string) => status === 'cancelled';

/**
 * The stable key a spreadsheet row is matched by. Sessions made before the desk (and by the
 * back-office forms) get S-{id}; an import may bring its own.
 */
export const sessionCode = (id: number) => `S-${id}`;
