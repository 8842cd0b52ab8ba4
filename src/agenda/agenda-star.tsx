/**
 * The star on a session (programme, film page, activity page): adds it to the visitor's agenda or
 * takes it out, with the state visible at a glance (☆ / ★) and an accessible name in the page's language. It works
 * offline: the session's details come from the saved programme (GET /api/sessions).
 */
import { useLingui } from '@lingui/react/macro';
import { useState, type ComponentType } from 'react';
import { sessionIndexRequest } from './session-index-request';
import type { Locale } from '../common/i18n/locales';
import { useLocale } from '../hooks/use-locale';
import type { AgendaSession } from '../common/api/api-types';
import { loadDataLayer } from '../data/lazy-data';
import { afterNextPaint } from '../data/yield-to-browser';
import { useDataStore } from '../data/use-api';
import type { DataStore } from '../data/store';
import { addToAgenda, removeFromAgenda } from './agenda-store';
import { useAgendaIds } from './use-agenda';
import './agenda-star.css';

export const ADD_TO_AGENDA = /*i18n*/ { id: 'agenda.add', message: 'Adicionar à minha agenda' };
const REMOVE_FROM_AGENDA = /*i18n*/ { id: 'agenda.remove', message: 'Remover da minha agenda' };

/** The sessions of the programme: the store's copy, else the saved one, else (only if missing) the network. */
async function findSessions(store: DataStore, ids: string[], locale: Locale): Promise<AgendaSession[]> {
  const sessionsRequest = sessionIndexRequest(locale);
  const lookup = () => {
    const all = store.get<AgendaSession[]>(sessionsRequest.path).data ?? [];
    const byId = new Map(all.map((s) => [s.id, s]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  };
  await store.load(sessionsRequest.path);
  let found = lookup();
  // A session newer than the copy at hand: ask the network once more.
  if (found.length < ids.length) {
    await store.load(sessionsRequest.path, 0);
    found = lookup();
  }
  return found;
}

export function AgendaStar({
  sessionId,
  context,
  className = '',
  ended = false,
}: {
  sessionId: string;
  context?: string;
  className?: string;
  /** The session is over (the page's clock says so): it can no longer be added, only removed. */
  ended?: boolean;
}) {
  const ids = useAgendaIds();
  const store = useDataStore();
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [Nudge, setNudge] = useState<ComponentType<{ onClose: () => void }> | null>(null);
  // The state the visitor asked for, shown in the tap's own frame (IndexedDB's write and the live
  // query's new answer come after it): it stands for the agenda's answer it was asked on, and the
  // next answer (the write seen through the live query) replaces it. Not React's useOptimistic: that
  // value ends with its action, and the live query's answer may come a frame later (a flicker back).
  const [wanted, setWanted] = useState<{ inAgenda: boolean; on: Set<string> } | null>(null);
  const inAgenda = wanted && wanted.on === ids ? wanted.inAgenda : (ids?.has(sessionId) ?? false);

  const toggle = async () => {
    if (!ids) return;
    setBusy(true);
    setProblem(null);
    setWanted({ inAgenda: !inAgenda, on: ids });
    try {
      // The write waits for the frame showing the star to be painted.
      await afterNextPaint();
      const layer = await loadDataLayer();
      const db = layer.festaDb();
      if (!db) return setWanted(null);
      let added = false;
      if (inAgenda) await removeFromAgenda(db, sessionId);
      else {
        const [session] = await findSessions(store, [sessionId], locale);
        if (session) {
          await addToAgenda(db, [session]);
          added = true;
        } else {
          setWanted(null);
          setProblem(t`Não foi possível adicionar: esta sessão não está na programação guardada.`);
        }
      }
      // The change notices' part loads when a star is tapped (no page's first load carries it); never
      // a reason to say the star failed: at worst the server hears later, or the note is not shown.
      const push = await layer.loadPushNudge().catch(() => null);
      if (push?.afterStar(added ? ids.size + 1 : null)) setNudge(() => push.PushNudge);
    } catch {
      setWanted(null);
      setProblem(t`Não foi possível guardar a agenda neste dispositivo.`);
    } finally {
      setBusy(false);
    }
  };

  const label = i18n._(inAgenda ? REMOVE_FROM_AGENDA : ADD_TO_AGENDA);
  return (
    <span className={`agenda-star ${className}`} data-session={sessionId}>
      <button
        type="button"
        className={`agenda-star__button${inAgenda ? ' is-on' : ''}`}
        aria-label={label}
        title={context ? `${label}: ${context}` : label}
        // Until IndexedDB answers, the state is unknown: the button waits rather than guess. A session
        // that is over can be removed, never added (greyed in place: nothing moves when the clock is read).
        disabled={ids === undefined || busy || (ended && !inAgenda)}
        onClick={() => void toggle()}
      >
        <span aria-hidden="true">{inAgenda ? '★' : '☆'}</span>
      </button>
      {problem ? (
        <span className="agenda-star__problem" role="alert">
          {problem}
        </span>
      ) : null}
      {Nudge ? <Nudge onClose={() => setNudge(null)} /> : null}
    </span>
  );
}
