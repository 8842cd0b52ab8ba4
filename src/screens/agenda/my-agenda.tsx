/**
 * "A minha agenda": the visitor's sessions by day, from IndexedDB (offline, no account), with
 * their clashes, what a programme sync changed (old and new values until acknowledged), the
 * calendar files and the share link.
 */
import { endsAt } from '../../common/time/work-length';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { sessionIndexRequest } from '../../agenda/session-index-request';
import type { AgendaSession, TravelTime } from '../../common/api/api-types';
import { weekdayAndDate } from '../../common/time/calendar-names';
import { clockTime } from '../../common/time/lisbon-time';
import { isCancelled } from '../../common/programme/session-status';
import { StatusMessage } from '../../primitives/status-message';
import { usePrefs } from '../../hooks/use-prefs';
import { loadFestaDb } from '../../data/lazy-data';
import { useRequests } from '../../data/use-api';
import { calendarSessions, currentSession, inPageLanguage, liveSessions, type AgendaEntry } from '../../agenda/agenda-entry';
import { AgendaDays, type AgendaRow } from './agenda-days';
import { AgendaStar } from '../../agenda/agenda-star';
import { acknowledgeChanges, removeFromAgenda } from '../../agenda/agenda-store';
import { changedFields, changesNotice, movedFrom, type FieldChange } from '../../agenda/changes';
import { alternativeSession, clashesToSay, findClashes } from '../../agenda/agenda-overlaps';
import { SharePanel } from './share-panel';
import { PushOffer } from '../../agenda/push/push-offer';
import { outdatedInFile, recordCalendarFile, useCalendarFileRecord } from '../../agenda/sharing/calendar-file';
import { agendaName, calendarFeedLink } from '../../common/agenda/agenda-link';
import { useAgendaEntries, useTravelTimes } from '../../agenda/use-agenda';
import { useLisbonNow } from '../../hooks/use-now';
import './my-agenda.css';
import { programmePath } from '../../common/addresses/page-paths';
import type { Locale } from '../../common/i18n/locales';
import { useLocale } from '../../hooks/use-locale';

const NO_SESSIONS: AgendaSession[] = [];

const FIELD_LABELS = { day: msg`Dia`, time: msg`Hora`, venue: msg`Sala`, city: msg`Cidade` } satisfies Record<
  FieldChange['field'],
  unknown
>;
const fieldValue = (change: FieldChange, value: string, locale: Locale) => (change.field === 'day' ? weekdayAndDate(value, locale) : value);

/** Saves a calendar file, made on the device (the iCalendar code loads only now). */
async function saveCalendar(
  sessions: AgendaSession[],
  options: { publicUrl: string; name: string; travelTimes: TravelTime[]; programme: AgendaSession[]; i18n: I18n },
  fileName: string,
  whole: boolean,
): Promise<void> {
  const [{ agendaCalendar, sequencesOf }, { downloadFile }] = await Promise.all([
    import('../../common/agenda/agenda-calendar'),
    import('../../agenda/sharing/download-file'),
  ]);
  const { programme, ...calendarOptions } = options;
  // The SEQUENCE the subscription feed gives: the programme's as last synced (an agenda's copy for a session no longer in it).
  downloadFile(agendaCalendar(sessions, { ...calendarOptions, sequences: sequencesOf(sessions, programme) }), fileName);
  const db = await loadFestaDb();
  if (db) await recordCalendarFile(db, sessions, whole);
}

function ChangeNote({ entry }: { entry: AgendaEntry }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const { change } = entry;
  if (!change) return null;
  if (change.kind === 'cancelled') {
    // Cancelled at the last minute: its status beside it says so, with the reason.
    if (change.now) return null;
    return (
      <p className="agenda-item__change">
        <Trans>Sessão cancelada: já não está na programação.</Trans>
      </p>
    );
  }
  return (
    <div className="agenda-item__change">
      <p className="agenda-item__change-title">
        <Trans>Esta sessão mudou:</Trans>
      </p>
      <ul className="agenda-item__change-list">
        {changedFields(entry.session, change.now).map((field) => (
          <li key={field.field}>
            {`${i18n._(FIELD_LABELS[field.field])}: `}
            <del>{fieldValue(field, field.before, locale)}</del>
            {' → '}
            <ins>{fieldValue(field, field.after, locale)}</ins>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function MyAgenda() {
  const entries = useAgendaEntries();
  const prefs = usePrefs();
  const travelTimes = useTravelTimes();
  const { sessions: allSessions } = useRequests({ sessions: sessionIndexRequest(useLocale()) });
  const now = useLisbonNow();
  const fileRecord = useCalendarFileRecord();
  const [problem, setProblem] = useState<string | null>(null);
  const { t, i18n } = useLingui();
  const publicUrl = prefs?.publicUrl ?? (typeof window === 'undefined' ? '' : window.location.origin);

  if (entries === undefined)
    return (
      <StatusMessage>
        <Trans>A carregar a sua agenda…</Trans>
      </StatusMessage>
    );
  if (entries.length === 0) {
    return (
      <div className="agenda-empty">
        <StatusMessage>
          <Trans>A sua agenda está vazia.</Trans>
        </StatusMessage>
        <p>
          <Trans>
            Toque na estrela ☆ de uma sessão na <Link to={programmePath()}>programação</Link> ou na página de um filme para a juntar aqui. A
            agenda fica guardada neste dispositivo, mesmo sem rede.
          </Trans>
        </p>
      </div>
    );
  }

  const index = new Map((allSessions.data ?? NO_SESSIONS).map((s) => [s.id, s]));
  const worded = (list: AgendaSession[]) => list.map((s) => inPageLanguage(s, index));
  const live = worded(liveSessions(entries));
  const inCalendar = worded(calendarSessions(entries));
  // Two sessions both over clash no more: there is nothing left to choose between.
  const clashes = findClashes(
    live.filter((s) => now === null || endsAt(s) > now),
    travelTimes,
  );
  const pending = entries.filter((e) => e.change).length;
  const calendar = (sessions: AgendaSession[], fileName: string, name: string) =>
    saveCalendar(
      sessions,
      { publicUrl, name, travelTimes, programme: allSessions.data ?? NO_SESSIONS, i18n },
      fileName,
      sessions === inCalendar,
    ).catch(() => setProblem(t`Não foi possível criar o ficheiro de calendário.`));

  // Under a clash, another session of the later work that fits, else of the earlier one.
  const alternativeFor = (session: AgendaSession) => {
    const said = clashesToSay(session, clashes.get(session.id) ?? []);
    if (said.length === 0) return null;
    const find = (s: AgendaSession) => alternativeSession(s, live, allSessions.data ?? NO_SESSIONS, travelTimes, now);
    return find(session) ?? find(said[0]!.other);
  };
  const rows: AgendaRow[] = entries.map((entry) => {
    const session = inPageLanguage(currentSession(entry), index);
    const cancelled = entry.change?.kind === 'cancelled' || isCancelled(session.status);
    return {
      session,
      className: cancelled ? 'is-cancelled' : entry.change ? `is-${entry.change.kind}` : undefined,
      note: <ChangeNote entry={entry} />,
      moved: !entry.change && entry.before ? movedFrom(entry.before, entry.session, i18n) : null,
      alternative: alternativeFor(session),
      actions: cancelled ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void loadFestaDb().then((db) => db && removeFromAgenda(db, entry.sessionId))}
        >
          <Trans>Retirar da agenda</Trans>
        </button>
      ) : (
        <>
          <AgendaStar sessionId={entry.sessionId} context={`${session.title}, ${clockTime(session.starts_at)}`} />
          <button
            type="button"
            className="button button--ghost agenda-item__ics"
            aria-label={t`Adicionar ao calendário: ${session.title}`}
            onClick={() => void calendar([session], `sessao-${session.id}.ics`, session.title)}
          >
            <Trans>Calendário</Trans>
          </button>
        </>
      ),
    };
  });

  const downloadAgenda = () => calendar(inCalendar, 'agenda-festa-cinema-italiano.ics', agendaName(i18n));
  const outdatedTitles = (list: AgendaEntry[]) => list.map((entry) => `«${entry.session.title}»`).join(', ');
  const outdated = outdatedInFile(entries, fileRecord);

  return (
    <>
      {outdated.length > 0 ? (
        <div className="agenda-file-outdated" role="status">
          <p>
            <strong>
              <Trans>O ficheiro de calendário que descarregou já não está certo</Trans>
            </strong>
            {': '}
            <Plural
              value={outdated.length}
              one={`${outdatedTitles(outdated)} mudou desde então.`}
              other={`${outdatedTitles(outdated)} mudaram desde então.`}
            />
          </p>
          <button type="button" className="button" onClick={() => void downloadAgenda()}>
            <Trans>Descarregar o ficheiro atualizado</Trans>
          </button>
        </div>
      ) : null}
      {pending > 0 ? (
        <div className="agenda-changes" role="status">
          <strong>{`${changesNotice(pending, i18n)}.`}</strong>{' '}
          <button type="button" className="button" onClick={() => void loadFestaDb().then((db) => db && acknowledgeChanges(db))}>
            <Trans>Tomei nota</Trans>
          </button>
        </div>
      ) : null}
      <div className="agenda-actions">
        <button type="button" className="button" onClick={() => void downloadAgenda()}>
          <Trans>Descarregar a agenda (.ics)</Trans>
        </button>
        {inCalendar.length > 0 ? (
          <a
            className="button button--ghost"
            href={calendarFeedLink(
              publicUrl,
              inCalendar.map((s) => s.id),
              i18n.locale as Locale,
            )}
          >
            <Trans>Subscrever no calendário</Trans>
          </a>
        ) : null}
        <SharePanel sessionIds={live.map((s) => s.id)} />
        <p className="agenda-actions__hint">
          <Trans>
            O ficheiro .ics fica como está no dia em que o descarrega; a subscrição atualiza-se sozinha na aplicação de calendário quando
            uma sessão muda de hora ou de sala.
          </Trans>
        </p>
      </div>
      <PushOffer sessionIds={entries.map((e) => e.sessionId)} />
      {problem ? (
        <p className="agenda-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <AgendaDays rows={rows} clashes={clashes} now={now} />
    </>
  );
}
