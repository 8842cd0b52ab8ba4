/**
 * A last-minute change of one session (cancelled, sold out, moved, delayed…), made from a phone at
 * the venue's door and published at once: the request's Yup schema (the phone screen validates
 * with it, the server validates every change with it), who may make one, and the short lists of
 * reasons and delays the screen offers as single taps.
 */
// First, so that the schemas below are built with Yup's messages in pt-PT.
import '../forms/yup-locale';
import { mixed, number, object, string, type InferType } from 'yup';
import { trimmedString } from '../forms/trimmed-string';
import { SESSION_STATUSES, type SessionStatus } from '../programme/session-status';
import { optionalClashReason } from '../programme/clash-acceptance';
import { say } from './gestao-words';
import type { DraftClash } from '../programme/grid';
import { WALL_TIME } from './record-schemas';
import { accessFeatures } from './collections/follow-fields';
import { resolveFollow } from '../programme/session-access';
import { FIELD_ROLES, mayChangeField, type Role } from './roles';

/** Who changes a session's status: whoever may change the status field of the session form. */
export const LAST_MINUTE_ROLES: readonly Role[] = ['administracao', ...FIELD_ROLES.sessions.status!.filter((r) => r !== 'administracao')];
export const mayChangeStatus = (role: Role) => mayChangeField(role, 'sessions', 'status');

/** The reason visitors read is at most this long (the session form's status_note field is the same). */
export const STATUS_NOTE_MAX = 200;

/**
 * The reasons offered for each change, one tap each (said after "Sessão cancelada: "). A status
 * without reasons publishes at its own tap: "Esgotada" needs no explaining.
 */
const REASONS = {
  noCopy: /*i18n*/ { id: 'gestao.lastMinute.reason.noCopy', message: 'cópia não chegou' },
  technical: /*i18n*/ { id: 'gestao.lastMinute.reason.technical', message: 'problema técnico' },
  guestPrevented: /*i18n*/ { id: 'gestao.lastMinute.reason.guestPrevented', message: 'convidado impedido' },
  venueTechnical: /*i18n*/ { id: 'gestao.lastMinute.reason.venueTechnical', message: 'problema técnico na sala' },
  demand: /*i18n*/ { id: 'gestao.lastMinute.reason.demand', message: 'mais procura do que lugares' },
  venueUnavailable: /*i18n*/ { id: 'gestao.lastMinute.reason.venueUnavailable', message: 'sala indisponível' },
  guestLate: /*i18n*/ { id: 'gestao.lastMinute.reason.guestLate', message: 'convidado atrasado' },
  previousLate: /*i18n*/ { id: 'gestao.lastMinute.reason.previousLate', message: 'sessão anterior atrasada' },
};

export const STATUS_REASONS: Record<Exclude<SessionStatus, ''>, readonly string[]> = {
  cancelled: [REASONS.noCopy, REASONS.technical, REASONS.guestPrevented].map((r) => say(r)),
  moved: [REASONS.venueTechnical, REASONS.demand, REASONS.venueUnavailable].map((r) => say(r)),
  delayed: [REASONS.technical, REASONS.guestLate, REASONS.previousLate].map((r) => say(r)),
  sold_out: [],
  few_seats: [],
};

/** The session form's status fields, greyed while the session is cancelled: only "Repor sessão" brings it back. */
export const CANCELLED_LOCKED_FIELDS: readonly string[] = ['status', 'status_note'];
export const cancelledLockReason = (note: string) =>
  note.trim()
    ? say(
        /*i18n*/ {
          id: 'gestao.lastMinute.cancelledLockWithNote',
          message: 'Sessão cancelada ({note}): só «Repor sessão», em Alterações de última hora, a traz de volta.',
        },
        { note: note.trim() },
      )
    : say(
        /*i18n*/ {
          id: 'gestao.lastMinute.cancelledLock',
          message: 'Sessão cancelada: só «Repor sessão», em Alterações de última hora, a traz de volta.',
        },
      );

/** The delays a delayed session is given in one tap, in minutes. */
export const DELAYS_MIN = [10, 15, 30] as const;

/** The reason visitors read: "Outro motivo…" requires it, a listed reason is one of these values. */
export const noteSchema = trimmedString(say(/*i18n*/ { id: 'gestao.lastMinute.rule.motivo-texto', message: 'O motivo tem de ser texto.' }))
  .default('')
  .max(
    STATUS_NOTE_MAX,
    say(
      /*i18n*/ { id: 'gestao.lastMinute.noteTooLong', message: 'O motivo não pode ter mais de {max} caracteres.' },
      { max: STATUS_NOTE_MAX },
    ),
  )
  .meta({ description: 'O motivo que o público lê ("cópia não chegou").' });

export const statusChangeSchema = object({
  status: mixed<SessionStatus>()
    .oneOf(
      [...SESSION_STATUSES],
      say(/*i18n*/ { id: 'gestao.lastMinute.rule.escolha-estado-lista', message: 'Escolha um estado da lista.' }),
    )
    .defined(say(/*i18n*/ { id: 'gestao.lastMinute.rule.escolha-estado-lista', message: 'Escolha um estado da lista.' }))
    .meta({ description: "O novo estado ('' repõe a sessão como planeada; de 'cancelled' para outro é repor a sessão)." }),
  note: noteSchema,
  venue_id: number()
    .typeError(say(/*i18n*/ { id: 'gestao.lastMinute.rule.escolha-nova-sala', message: 'Escolha a nova sala.' }))
    .integer(say(/*i18n*/ { id: 'gestao.lastMinute.rule.escolha-nova-sala', message: 'Escolha a nova sala.' }))
    .positive(say(/*i18n*/ { id: 'gestao.lastMinute.rule.escolha-nova-sala', message: 'Escolha a nova sala.' }))
    .nullable()
    .default(null)
    .when('status', {
      is: 'moved',
      then: (s) => s.required(say(/*i18n*/ { id: 'gestao.lastMinute.rule.escolha-nova-sala', message: 'Escolha a nova sala.' })),
    })
    .meta({ description: 'A nova sala (obrigatória quando muda de sala; da mesma cidade).' }),
  starts_at: string()
    .typeError(say(/*i18n*/ { id: 'gestao.lastMinute.rule.indique-nova-hora-aaaa-mm', message: 'Indique a nova hora (AAAA-MM-DDTHH:MM).' }))
    .nullable()
    .default(null)
    .matches(WALL_TIME, {
      message: say(/*i18n*/ { id: 'gestao.lastMinute.rule.indique-nova-hora-aaaa', message: 'Indique a nova hora (AAAA-MM-DDTHH:MM).' }),
      excludeEmptyString: true,
    })
    .when('status', {
      is: 'delayed',
      then: (s) => s.required(say(/*i18n*/ { id: 'gestao.lastMinute.rule.indique-nova-hora', message: 'Indique a nova hora.' })),
    })
    .meta({ description: 'A nova hora de início, hora de Lisboa (obrigatória quando atrasa).' }),
  access_features: accessFeatures({ none: true })
    .rule(say(/*i18n*/ { id: 'gestao.lastMinute.field.acessibilidade', message: 'acessibilidade' }))
    .default(undefined)
    .optional()
    .meta({
      description:
        "Os meios de acessibilidade da sessão, códigos separados por espaços ('' como o filme, 'none' nenhum); sem este campo, ficam como estão.",
    }),
  clash_reason: optionalClashReason.meta({
    description:
      'Quando a mudança cria um conflito que bloqueia (409 com `clashes`): o motivo por que se aceita, que fica no registo; a mudança é então publicada.',
  }),
  baseVersion: number()
    .typeError(
      say(/*i18n*/ { id: 'gestao.lastMinute.rule.falta-versao-em-que-se', message: 'Falta a versão em que se baseou (baseVersion).' }),
    )
    .integer()
    .min(0)
    .required(
      say(/*i18n*/ { id: 'gestao.lastMinute.rule.falta-versao-em-que-se', message: 'Falta a versão em que se baseou (baseVersion).' }),
    )
    .meta({ description: 'A `version` da sessão lida: se entretanto mudou, a resposta é 409.' }),
});
export type StatusChange = InferType<typeof statusChangeSchema>;

/**
 * The phone's "Nova hora" form: a festival day and a time typed on it (before 06:00 is that night,
 * the next morning's date), and the reason that accepts the clashes the new time makes, when it
 * makes one that blocks. Sent as a status change whose starts_at is the new time.
 */
export const newTimeSchema = object({
  day: string()
    .required(say(/*i18n*/ { id: 'gestao.lastMinute.rule.escolha-dia', message: 'Escolha o dia.' }))
    .matches(/^\d{4}-\d{2}-\d{2}$/, say(/*i18n*/ { id: 'gestao.lastMinute.rule.escolha-dia', message: 'Escolha o dia.' })),
  time: string()
    .required(say(/*i18n*/ { id: 'gestao.lastMinute.rule.escreva-nova-hora', message: 'Escreva a nova hora.' }))
    .matches(
      /^([01]\d|2[0-3]):[0-5]\d$/,
      say(/*i18n*/ { id: 'gestao.lastMinute.rule.escreva-hora-como-19-15', message: 'Escreva a hora como 19:15.' }),
    ),
  clash_reason: optionalClashReason,
});
export type NewTime = InferType<typeof newTimeSchema>;

/**
 * The status a session keeps when given a new time: the same, except a delay, which was itself a
 * new time and is replaced by this one (visitors read the old time beside the new).
 */
export const statusWithNewTime = (status: SessionStatus): SessionStatus => (status === 'delayed' ? '' : status);

/** A session as the phone screen lists it: what it shows, where and when, and its status now. */
export interface LastMinuteSession {
  id: string;
  version: number;
  title: string;
  starts_at: string;
  venue_id: number;
  venue_name: string;
  city_id: number;
  city_name: string;
  status: SessionStatus;
  status_note: string;
  /** The session's own access features, as stored ('' takes its film's, 'none' says none). */
  access_features: string;
  /** Its film's, which the session offers while its own say nothing. */
  film_access_features: string;
}

/** What a session offers now: its own access features, else its film's. */
export const accessOffered = (s: Pick<LastMinuteSession, 'access_features' | 'film_access_features'>) =>
  resolveFollow({ access_features: s.access_features }, { access_features: s.film_access_features }).access;

/** A venue the phone screen offers when a session moves (the session's own city's). */
export interface LastMinuteVenue {
  id: number;
  name: string;
  city_id: number;
}

/** What a change published: the release's number and changelog, and the session as it now is. */
export interface StatusChangeResult {
  release: number;
  changelog: string[];
  session: LastMinuteSession;
  /** The session as it was, for "Anular". */
  previous: LastMinuteSession;
  /** Block clashes the change made, accepted with the reason that came with it (none without one). */
  acceptedClashes: DraftClash[];
}

/** One festival day as the phone screen shows it (GET /gestao/api/last-minute). */
export interface LastMinuteDay {
  /** The day shown, YYYY-MM-DD. */
  day: string;
  /** Today's festival day (by the festival's clock). */
  today: string;
  /** Every day with a published session, in order. */
  days: string[];
  sessions: LastMinuteSession[];
  venues: LastMinuteVenue[];
}
