/**
 * A session's status after a last-minute change, and what visitors read for it. The programme,
 * the film and activity pages, the agenda and its calendar file all say it with these words, in
 * the page's language (pass its i18n; without one, pt-PT: the back office and the printed programme).
 * '' is a session as planned.
 */
import type { I18n, MessageDescriptor } from '../i18n/i18n';
import { say } from './message-text';

export const SESSION_STATUSES = ['', 'cancelled', 'sold_out', 'few_seats', 'moved', 'delayed'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

type Status = Exclude<SessionStatus, ''>;

/** The word visitors see beside the session. */
export const STATUS_LABEL_MESSAGES: Record<Status, MessageDescriptor> = {
  cancelled: /*i18n*/ { id: 'session.status.cancelled', message: 'Cancelada' },
  sold_out: /*i18n*/ { id: 'session.status.soldOut', message: 'Esgotada' },
  few_seats: /*i18n*/ { id: 'session.status.fewSeats', message: 'Últimos lugares' },
  moved: /*i18n*/ { id: 'session.status.moved', message: 'Mudou de sala' },
  delayed: /*i18n*/ { id: 'session.status.delayed', message: 'Atrasada' },
};

/** Visitors' sentence for a status: "Sessão cancelada" (with its reason: statusSentence). */
export const STATUS_SENTENCE_MESSAGES: Record<Status, MessageDescriptor> = {
  cancelled: /*i18n*/ { id: 'session.sentence.cancelled', message: 'Sessão cancelada' },
  sold_out: /*i18n*/ { id: 'session.sentence.soldOut', message: 'Sessão esgotada' },
  few_seats: /*i18n*/ { id: 'session.sentence.fewSeats', message: 'Últimos lugares' },
  moved: /*i18n*/ { id: 'session.sentence.moved', message: 'Sessão mudou de sala' },
  delayed: /*i18n*/ { id: 'session.sentence.delayed', message: 'Sessão atrasada' },
};

/** A status's word or sentence and the reason the desk gave: "Sessão cancelada: cópia não chegou". */
export const WITH_REASON = /*i18n*/ { id: 'session.withReason', message: '{status}: {reason}' };

const ptText = (messages: Record<Status, MessageDescriptor>) =>
  Object.fromEntries(Object.entries(messages).map(([status, descriptor]) => [status, descriptor.message ?? ''])) as Record<Status, string>;

/** The word in pt-PT ('' has none): the back office's and the server's. On a visitor's page, statusLabel(status, i18n). */
export const STATUS_LABELS: Record<SessionStatus, string> = { '': '', ...ptText(STATUS_LABEL_MESSAGES) };

/** The sentence in pt-PT (the back office's changelog). On a visitor's page, statusSentence(status, note, i18n). */
export const STATUS_SENTENCES: Record<Status, string> = ptText(STATUS_SENTENCE_MESSAGES);

export function isSessionStatus(value: unknown): value is SessionStatus {
  return typeof value === 'string' && (SESSION_STATUSES as readonly string[]).includes(value);
}

/** The word beside a session ("Esgotada"), in the page's language; '' for a session as planned or an unknown status. */
export function statusLabel(status: string, i18n?: I18n): string {
  if (!isSessionStatus(status) || status === '') return '';
  return say(STATUS_LABEL_MESSAGES[status], {}, i18n);
}

/** The sentence with its reason ("Sessão cancelada: cópia não chegou"), in the page's language; '' as planned. */
export function statusSentence(status: string, note: string, i18n?: I18n): string {
  if (!isSessionStatus(status) || status === '') return '';
  const sentence = say(STATUS_SENTENCE_MESSAGES[status], {}, i18n);
  const reason = note.trim();
  return reason ? say(WITH_REASON, { status: sentence, reason }, i18n) : sentence;
}

/** A session no one can attend: it leaves clash rules and calendars, but stays on the page, marked. */
export const isCancelled = (status: string) => status === 'cancelled';

/**
 * The stable key a spreadsheet row is matched by. Sessions made before the desk (and by the
 * back-office forms) get S-{id}; an import may bring its own.
 */
export const sessionCode = (id: number) => `S-${id}`;
