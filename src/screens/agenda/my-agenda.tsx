/**
 * "A minha agenda": the visitor's sessions by day, from IndexedDB (offline, no account), with
 * their clashes, what a programme sync changed (old and new values until acknowledged), the
 * calendar files and the share link.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { apiRequest, endpoints } from '../../common/api/endpoint-refs';
import type { AgendaSession, TravelTime } from '../../common/api/api-types';
import { weekdayAndDate } from '../../common/time/calendar-names';
import { clockTime } from '../../common/time/lisbon-time';
import { isCancelled } from '../../common/programme/session-status';
import { StatusMessage } from '../../primitives/status-message';
import { usePrefs } from '../../hooks/use-prefs';
import { loadFestaDb } from '../../data/lazy-data';
import { useRequests } from '../../data/use-api';
import { calendarSessions, currentSession, liveSessions, type AgendaEntry } from '../../agenda/agenda-entry';
import { AgendaDays, type AgendaRow } from './agenda-days';
import { AgendaStar } from '../../agenda/agenda-star';
import { acknowledgeChanges, removeFromAgenda } from '../../agenda/agenda-store';
import { changedFields, changesNotice, movedFrom, type FieldChange } from '../../agenda/changes';
import { alternativeSession, clashesToSay, findClashes } from '../../agenda/agenda-overlaps';
import { SharePanel } from './share-panel';
import { PushOffer } from '../../agenda/push/push-offer';
import { outdatedInFile, recordCalendarFile, useCalendarFileRecord } from '../../agenda/sharing/calendar-file';
import { calendarFeedLink } from '../../common/agenda/agenda-link';
import { useAgendaEntries, useTravelTimes } from '../../agenda/use-agenda';
import { useLisbonNow } from '../../hooks/use-now';
import './my-agenda.css';
import { programmePath } from '../../common/addresses/page-paths';

const sessionsRequest = apiRequest(endpoints.sessionIndex, {});
const NO_SESSIONS: AgendaSession[] = [];

const FIELD_LABELS: Record<FieldChange['field'], string> = { day: 'Dia', time: 'Hora', venue: 'Sala', city: 'Cidade' };
const fieldValue = (change: FieldChange, value: string) => (change.field === 'day' ? weekdayAndDate(value) : value);

/** Saves a calendar file, made on the device (the iCalendar code loads only now). */
async function saveCalendar(
  sessions: AgendaSession[],
  options: { publicUrl: string; name: string; travelTimes: TravelTime[]; programme: AgendaSession[] },
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
  const { change } = entry;
  if (!change) return null;
  if (change.kind === 'cancelled') {
    // Cancelled at the last minute: its status beside it says so, with the reason.
    if (change.now) return null;
    return <p className="agenda-item__change">Sessão cancelada: já não está na programação.</p>;
  }
  return (
    <div className="agenda-item__change">
      <p className="agenda-item__change-title">Esta sessão mudou:</p>
      <ul className="agenda-item__change-list">
        {changedFields(entry.session, change.now).map((field) => (
          <li key={field.field}>
            {`${FIELD_LABELS[field.field]}: `}
            <del>{fieldValue(field, field.before)}</del>
            {' → '}
            <ins>{fieldValue(field, field.after)}</ins>
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
  const { sessions: allSessions } = useRequests({ sessions: sessionsRequest });
  const now = useLisbonNow();
  const fileRecord = useCalendarFileRecord();
  const [problem, setProblem] = useState<string | null>(null);
  const publicUrl = prefs?.publicUrl ?? (typeof window === 'undefined' ? '' : window.location.origin);

  if (entries === undefined) return <StatusMessage>A carregar a sua agenda…</StatusMessage>;
  if (entries.length === 0) {
    return (
      <div className="agenda-empty">
        <StatusMessage>A sua agenda está vazia.</StatusMessage>
        <p>
          Toque na estrela ☆ de uma sessão na <Link to={programmePath()}>programação</Link> ou na página de um filme para a juntar aqui. A
          agenda fica guardada neste dispositivo, mesmo sem rede.
        </p>
      </div>
    );
  }

  const live = liveSessions(entries);
  const inCalendar = calendarSessions(entries);
  const clashes = findClashes(live, travelTimes);
  const pending = entries.filter((e) => e.change).length;
  const calendar = (sessions: AgendaSession[], fileName: string, name: string) =>
    saveCalendar(
      sessions,
      { publicUrl, name, travelTimes, programme: allSessions.data ?? NO_SESSIONS },
      fileName,
      sessions === inCalendar,
    ).catch(() => setProblem('Não foi possível criar o ficheiro de calendário.'));

  // Under a clash, another session of the later work that fits, else of the earlier one.
  const alternativeFor = (session: AgendaSession) => {
    const said = clashesToSay(session, clashes.get(session.id) ?? []);
    if (said.length === 0) return null;
    const find = (s: AgendaSession) => alternativeSession(s, live, allSessions.data ?? NO_SESSIONS, travelTimes, now);
    return find(session) ?? find(said[0]!.other);
  };
  const rows: AgendaRow[] = entries.map((entry) => {
    const session = currentSession(entry);
    const cancelled = entry.change?.kind === 'cancelled' || isCancelled(session.status);
    return {
      session,
      className: cancelled ? 'is-cancelled' : entry.change ? `is-${entry.change.kind}` : undefined,
      note: <ChangeNote entry={entry} />,
      moved: !entry.change && entry.before ? movedFrom(entry.before, entry.session) : null,
      alternative: alternativeFor(session),
      actions: cancelled ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void loadFestaDb().then((db) => db && removeFromAgenda(db, entry.sessionId))}
        >
          Retirar da agenda
        </button>
      ) : (
        <>
          <AgendaStar sessionId={entry.sessionId} context={`${session.title}, ${clockTime(session.starts_at)}`} />
          <button
            type="button"
            className="button button--ghost agenda-item__ics"
            aria-label={`Adicionar ao calendário: ${session.title}`}
            onClick={() => void calendar([session], `sessao-${session.id}.ics`, session.title)}
          >
            Calendário
          </button>
        </>
      ),
    };
  });

  const downloadAgenda = () => calendar(inCalendar, 'agenda-festa-cinema-italiano.ics', 'A minha agenda — 8½ Festa do Cinema Italiano');
  const outdated = outdatedInFile(entries, fileRecord);

  return (
    <>
      {outdated.length > 0 ? (
        <div className="agenda-file-outdated" role="status">
          <p>
            <strong>O ficheiro de calendário que descarregou já não está certo</strong>
            {`: ${outdated.map((entry) => `«${entry.session.title}»`).join(', ')} ${outdated.length === 1 ? 'mudou' : 'mudaram'} desde então.`}
          </p>
          <button type="button" className="button" onClick={() => void downloadAgenda()}>
            Descarregar o ficheiro atualizado
          </button>
        </div>
      ) : null}
      {pending > 0 ? (
        <div className="agenda-changes" role="status">
          <strong>{`${changesNotice(pending)}.`}</strong>{' '}
          <button type="button" className="button" onClick={() => void loadFestaDb().then((db) => db && acknowledgeChanges(db))}>
            Tomei nota
          </button>
        </div>
      ) : null}
      <div className="agenda-actions">
        <button type="button" className="button" onClick={() => void downloadAgenda()}>
          Descarregar a agenda (.ics)
        </button>
        {inCalendar.length > 0 ? (
          <a
            className="button button--ghost"
            href={calendarFeedLink(
              publicUrl,
              inCalendar.map((s) => s.id),
            )}
          >
            Subscrever no calendário
          </a>
        ) : null}
        <SharePanel sessionIds={live.map((s) => s.id)} />
        <p className="agenda-actions__hint">
          O ficheiro .ics fica como está no dia em que o descarrega; a subscrição atualiza-se sozinha na aplicação de calendário quando uma
          sessão muda de hora ou de sala.
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
