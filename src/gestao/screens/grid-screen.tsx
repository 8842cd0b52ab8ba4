/**
 * "Grelha": the programme of one city and one festival day as the draft has it, venues as columns
 * and time going down (10:00 to 06:00 the next morning). Each session is a block as long as its
 * film, followed by its venue's turnover (drawn apart). A session moves by dragging it (in 5-minute
 * steps, onto another venue's column too) or, focused, by the arrow keys: up and down 5 minutes,
 * left and right the neighbouring venue. Every move is said in pt-PT in a live region and saved at
 * once as an ordinary session write with its version (someone else's save in between is the usual
 * 409, said here, and the grid is read again). The clashes are recomputed in the browser with the
 * server's own rules at every move: the blocks involved say so (an icon and a word, not only a
 * colour) and the list beside the grid names them with their severity. The moves made here can be
 * undone and made again ("Desfazer", "Refazer", Ctrl+Z, Ctrl+Shift+Z) until the next release
 * (grid-undo.ts); a click on a block shows its history beside the grid. A drag lands where the
 * pointer is: the grid never scrolls by itself under a dragged block.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  DndContext,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type Modifier,
} from '@dnd-kit/core';
import { useEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { weekdayName } from '../../common/time/calendar-names';
import { festivalDayBounds, festivalDayOf, openingDay } from '../../common/time/festival-day';
import { durationOf } from '../../common/time/work-length';
import { clockTime, wallMinutes, wallTimeOf } from '../../common/time/lisbon-time';
import { findClashes, type ClashSeverity } from '../../common/programme/programme-clash-rules';
import { sessionFields, type DraftClash, type GridAnswer, type GridSession, type GridVenue } from '../../common/programme/grid';
import { isCancelled } from '../../common/programme/session-status';
import { gestaoEndpoints } from '../../common/gestao/api/gestao-endpoints';
import { api, refusalMessage } from '../api';
import { ClashList } from '../clash-list';
import {
  afterRedo,
  afterUndo,
  asOfRelease,
  isTextField,
  keepStack,
  loadStack,
  moveText,
  samePlace,
  undoKey,
  withMove,
  withoutSession,
  type GridMove,
  type MoveStack,
  type Place,
} from '../grid-undo';
import { SessionHistoryPanel } from './session-history-panel';
import { SessionFollowPanel } from './session-follow-panel';
import { StatusLine, type Status } from '../status-line';
import { useGestaoData } from '../use-gestao-data';
import './grid-screen.css';

/** Screen pixels per minute of programme. */
const PX_PER_MIN = 1.5;
/** A move's step, by keyboard or by dragging. */
const STEP_MIN = 5;
/** The grid's first hour, unless a session of the day starts earlier. */
const GRID_OPENS_AT_HOUR = 10;
/** A screening this short or shorter is drawn in smaller type, its title on two lines at most. */
const SHORT_MIN = 30;

/** "quinta 2/04" */
const dayLabel = (day: string) => `${weekdayName(day, 'spoken')} ${Number(day.slice(8, 10))}/${day.slice(5, 7)}`;
const hhmm = (minutes: number) => clockTime(wallTimeOf(minutes));

/** Dragging moves in 5-minute steps: the block follows the pointer from step to step. */
const snapToSteps: Modifier = ({ transform }) => ({
  ...transform,
  y: Math.round(transform.y / (STEP_MIN * PX_PER_MIN)) * STEP_MIN * PX_PER_MIN,
});

/** The clash marks of a block: the worst clash it is in, said with an icon and a word. */
const FLAGS: Record<ClashSeverity | 'accepted', { icon: string; word: MessageDescriptor }> = {
  block: { icon: '✖', word: msg`Conflito` },
  warning: { icon: '⚠', word: msg`Aviso` },
  accepted: { icon: '✓', word: msg`Conflito aceite` },
};

type Flag = keyof typeof FLAGS;

interface BlockProps {
  session: GridSession;
  column: number;
  /** Its place among the screenings of its venue that overlap it (0 first), and how many they are: the column is shared. */
  lane: number;
  lanes: number;
  top: number;
  turnover: number;
  flag: Flag | undefined;
  onKeyDown: (event: KeyboardEvent, session: GridSession) => void;
  onShowHistory: (session: GridSession) => void;
}

function SessionBlock({ session, column, lane, lanes, top, turnover, flag, onKeyDown, onShowHistory }: BlockProps) {
  const { i18n, t } = useLingui();
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: session.id,
    attributes: { roleDescription: t`sessão que se pode mover` },
  });
  const duration = durationOf(session);
  const start = wallMinutes(session.starts_at);
  const style = {
    '--grid-column': column,
    '--grid-lane': lane,
    '--grid-lanes': lanes,
    top: `${top}px`,
    height: `${(duration + turnover) * PX_PER_MIN}px`,
    transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
  } as CSSProperties;
  const cancelled = isCancelled(session.status);
  const { guest } = session;
  const times = `${hhmm(start)}–${hhmm(start + duration)}`;
  const short = duration <= SHORT_MIN || lanes > 1;
  // On a short block the title takes the room: the rest is said to screen readers and in the tooltip.
  const hiddenWhenShort = short ? 'gestao-visually-hidden' : undefined;
  return (
    <div
      ref={setNodeRef}
      className={`grid-session${flag ? ` grid-session--${flag}` : ''}${isDragging ? ' grid-session--dragging' : ''}${cancelled ? ' grid-session--cancelled' : ''}${short ? ' grid-session--short' : ''}`}
      style={style}
      data-session={session.id}
      // The whole title and times where the block is too small to show them.
      title={`${session.title}, ${times}`}
      {...attributes}
      {...listeners}
      onKeyDown={(event) => onKeyDown(event, session)}
      onClick={() => onShowHistory(session)}
    >
      <span className="grid-session__screening" style={{ height: `${duration * PX_PER_MIN}px` }}>
        {flag && (
          <span className="grid-session__flag">
            <span aria-hidden="true">{FLAGS[flag].icon}</span> <span className={hiddenWhenShort}>{i18n._(FLAGS[flag].word)}</span>
          </span>
        )}
        <strong className="grid-session__title">{session.title}</strong> <span className={hiddenWhenShort}>{times}</span>
        {cancelled && (
          <span className={hiddenWhenShort}>
            <Trans> · Cancelada</Trans>
          </span>
        )}
        {guest && (
          <span className={hiddenWhenShort}>
            <Trans> · com {guest}</Trans>
          </span>
        )}
      </span>
      {turnover > 0 && (
        <span className="grid-session__turnover" style={{ height: `${turnover * PX_PER_MIN}px` }}>
          <span className="gestao-visually-hidden">
            <Trans>, depois {turnover} min de intervalo</Trans>
          </span>
        </span>
      )}
    </div>
  );
}

function VenueColumn({ venue, column }: { venue: GridVenue; column: number }) {
  const { setNodeRef, isOver } = useDroppable({ id: `sala-${venue.id}`, data: { venueId: venue.id } });
  return (
    <div
      ref={setNodeRef}
      className={`grid-column${isOver ? ' grid-column--over' : ''}`}
      style={{ '--grid-column': column } as CSSProperties}
      aria-hidden="true"
    />
  );
}

const NO_MOVES: Record<number, GridSession> = {};

/** The tab's kept moves: read once, when the grid first opens in this tab. */
const keptStack = () => loadStack(typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

/** The local moves not yet read back from the server, kept with the answer they apply to. */
interface Moves {
  base: GridAnswer | undefined;
  sessions: Record<number, GridSession>;
}

export function GridScreen() {
  const [city, setCity] = useState<number | undefined>(undefined);
  const grid = useGestaoData(gestaoEndpoints.grid, { query: { city: city === undefined ? undefined : String(city) } });
  const data = grid.data;
  const [chosenDay, setDay] = useState<string | undefined>(undefined);
  const [moves, setMoves] = useState<Moves>({ base: undefined, sessions: {} });
  const [announcement, setAnnouncement] = useState('');
  const [status, setStatus] = useState<Status | undefined>(undefined);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const [keptMoves, setKeptMoves] = useState<MoveStack>(keptStack);
  const [historyOf, setHistoryOf] = useState<number | undefined>(undefined);
  /** Counts the saves that reached the server: the history shown is read again after each. */
  const [saves, setSaves] = useState(0);
  const { t } = useLingui();

  // The saves of each session, one at a time: a move made while one is on its way is sent after
  // it, with the version it answered (never a conflict with oneself).
  const versions = useRef(new Map<number, number>());
  const latest = useRef(new Map<number, GridSession>());
  const saving = useRef(new Set<number>());
  const again = useRef(new Set<number>());

  const moved = moves.base === data ? moves.sessions : NO_MOVES;
  const sessions = useMemo(() => (data ? data.sessions.map((s) => moved[s.id] ?? s) : []), [data, moved]);
  const elsewhere = useMemo(() => (data ? data.elsewhere.sessions.map((s) => moved[s.id] ?? s) : []), [data, moved]);
  // Moves made before the newest release are published: no longer undone here.
  const undoStack = asOfRelease(keptMoves, data?.release ?? null);
  const setUndoStack = (next: MoveStack) => {
    setKeptMoves(next);
    keepStack(sessionStorage, next);
  };
  const venues = data?.venues ?? [];
  const day = data && chosenDay && data.days.includes(chosenDay) ? chosenDay : data && openingDay(data.days, data.today);

  // Ctrl+Z and Ctrl+Shift+Z (or Ctrl+Y) anywhere on the screen but in a text field, whose typing they undo.
  const replayRef = useRef<(direction: 'undo' | 'redo') => void>(() => undefined);
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const direction = undoKey(event);
      if (!direction || isTextField(event.target)) return;
      event.preventDefault();
      replayRef.current(direction);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const clashes: DraftClash[] = useMemo(() => {
    if (!data) return [];
    const accepted = new Map(data.acceptances.map((a) => [a.key, a]));
    return findClashes({
      sessions: [...sessions, ...elsewhere],
      venues: [...data.venues, ...data.elsewhere.venues],
      travelTimes: data.travelTimes,
    }).map((c) => ({ ...c, acceptance: accepted.get(c.key) ?? null }));
  }, [data, sessions, elsewhere]);

  // The screen's heading from the first paint, loading or refused too.
  if (grid.error || !data || !day)
    return (
      <div className="grid-screen">
        <h1>
          <Trans>Grelha</Trans>
        </h1>
        {grid.error ? (
          <StatusLine status={{ kind: 'error', text: grid.error }} />
        ) : (
          <p role="status">
            <Trans>A carregar a grelha…</Trans>
          </p>
        )}
      </div>
    );

  const daySessions = sessions.filter((s) => festivalDayOf(s.starts_at) === day);
  const dayIds = new Set(daySessions.map((s) => s.id));
  const dayClashes = clashes.filter((c) => c.sessionIds.some((id) => dayIds.has(id)));
  const flags = new Map<number, Flag>();
  const rank: Record<Flag, number> = { block: 3, warning: 2, accepted: 1 };
  for (const c of dayClashes) {
    const flag: Flag = c.acceptance ? 'accepted' : c.severity;
    for (const id of c.sessionIds) {
      const current = flags.get(id);
      if (!current || rank[flag] > rank[current]) flags.set(id, flag);
    }
  }

  const dayStarts = wallMinutes(festivalDayBounds(day).starts);
  const dayEnds = wallMinutes(festivalDayBounds(day).ends);
  const earliest = Math.min(...daySessions.map((s) => wallMinutes(s.starts_at)));
  const gridStarts = Math.max(dayStarts, Math.min(wallMinutes(day) + GRID_OPENS_AT_HOUR * 60, Math.floor(earliest / 60) * 60));
  const hours = Array.from({ length: (dayEnds - gridStarts) / 60 }, (_, i) => gridStarts + i * 60);
  const venueIndex = new Map(venues.map((v, i) => [v.id, i]));
  // Two screenings on top of each other in one venue (a clash) are drawn side by side, a little
  // aside, so that both titles stay readable.
  const lanes = new Map<number, number>();
  for (const s of [...daySessions].sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.id - b.id)) {
    const start = wallMinutes(s.starts_at);
    const running = daySessions.filter(
      (o) =>
        o.venue_id === s.venue_id &&
        lanes.has(o.id) &&
        wallMinutes(o.starts_at) <= start &&
        wallMinutes(o.starts_at) + durationOf(o) > start,
    );
    lanes.set(s.id, running.length === 0 ? 0 : Math.max(...running.map((o) => lanes.get(o.id)!)) + 1);
  }
  /** How many lanes the screenings overlapping a session take: they share its venue's column. */
  const laneCount = (s: GridSession) => {
    const start = wallMinutes(s.starts_at);
    const end = start + durationOf(s);
    const overlapping = daySessions.filter(
      (o) => o.venue_id === s.venue_id && wallMinutes(o.starts_at) < end && wallMinutes(o.starts_at) + durationOf(o) > start,
    );
    return Math.max(...overlapping.map((o) => lanes.get(o.id) ?? 0)) + 1;
  };
  const venueName = (id: number) => [...venues, ...data.elsewhere.venues].find((v) => v.id === id)?.name ?? '';
  const shownSession = historyOf === undefined ? undefined : [...sessions, ...elsewhere].find((s) => s.id === historyOf);
  const lastDone = undoStack.done.at(-1);
  const lastUndone = undoStack.undone.at(-1);
  const undoText = lastDone && moveText(lastDone, venueName);
  const redoText = lastUndone && moveText(lastUndone, venueName);

  const save = async (id: number): Promise<void> => {
    if (saving.current.has(id)) {
      again.current.add(id);
      return;
    }
    saving.current.add(id);
    try {
      for (;;) {
        const session = latest.current.get(id)!;
        const baseVersion = Math.max(versions.current.get(id) ?? 0, session.version);
        const saved = await api(gestaoEndpoints.saveRecord, {
          params: { type: 'sessions', id },
          body: { baseVersion, fields: sessionFields(session) },
        });
        versions.current.set(id, saved.version);
        setSaves((n) => n + 1);
        if (!again.current.delete(id)) break;
      }
    } catch (error) {
      again.current.delete(id);
      setStatus({ kind: 'error', text: refusalMessage(error, t`Não foi possível guardar a mudança.`) });
      // What the server has now (someone else's save, or nothing of this move): the grid shows it.
      grid.reload();
    } finally {
      saving.current.delete(id);
    }
  };

  /** Puts a session at `to` in the grid and saves it; an undo or a redo says so before the live region's sentence ("Desfeito: "). */
  const place = (session: GridSession, to: Place, replayed?: 'undo' | 'redo') => {
    const next = { ...session, starts_at: to.starts_at, venue_id: to.venue_id };
    latest.current.set(session.id, next);
    setMoves({ base: data, sessions: { ...moved, [session.id]: next } });
    setStatus(undefined);
    const { title } = session;
    const time = clockTime(to.starts_at);
    const venue = venueName(to.venue_id);
    const sentence = t`Sessão ${title} movida para ${time}, ${venue}`;
    setAnnouncement(replayed === 'undo' ? t`Desfeito: ${sentence}` : replayed === 'redo' ? t`Refeito: ${sentence}` : sentence);
    void save(session.id);
  };

  const move = (session: GridSession, startsAt: number, venueId: number) => {
    const start = Math.min(Math.max(Math.round(startsAt / STEP_MIN) * STEP_MIN, dayStarts), dayEnds - STEP_MIN);
    const to = { starts_at: wallTimeOf(start), venue_id: venueId };
    if (samePlace(session, to)) return;
    const from = { starts_at: session.starts_at, venue_id: session.venue_id };
    setUndoStack(withMove(undoStack, { sessionId: session.id, title: session.title, from, to }));
    place(session, to);
  };

  /** Undoes the last move (or makes the last undone one again), if the session is still where that move left it. */
  const replay = (direction: 'undo' | 'redo') => {
    const undo = direction === 'undo';
    const entry: GridMove | undefined = undo ? lastDone : lastUndone;
    if (!entry) return;
    const session = [...sessions, ...elsewhere].find((s) => s.id === entry.sessionId);
    if (!session || !samePlace(session, undo ? entry.to : entry.from)) {
      // Moved meanwhile by someone else (or by the phone's last-minute changes): theirs stays.
      setUndoStack(withoutSession(undoStack, entry.sessionId));
      const { title } = entry;
      setStatus({
        kind: 'error',
        text: undo
          ? t`A sessão ${title} foi mudada entretanto por outra via: o que fez nela aqui já não se pode desfazer.`
          : t`A sessão ${title} foi mudada entretanto por outra via: o que fez nela aqui já não se pode refazer.`,
      });
      return;
    }
    setUndoStack(undo ? afterUndo(undoStack) : afterRedo(undoStack));
    place(session, undo ? entry.from : entry.to, direction);
  };
  replayRef.current = replay;

  const onKeyDown = (event: KeyboardEvent, session: GridSession) => {
    const start = wallMinutes(session.starts_at);
    const column = venueIndex.get(session.venue_id) ?? 0;
    const steps: Record<string, () => void> = {
      ArrowUp: () => move(session, start - STEP_MIN, session.venue_id),
      ArrowDown: () => move(session, start + STEP_MIN, session.venue_id),
      ArrowLeft: () => column > 0 && move(session, start, venues[column - 1]!.id),
      ArrowRight: () => column < venues.length - 1 && move(session, start, venues[column + 1]!.id),
    };
    if (event.key === 'Enter') {
      event.preventDefault();
      setHistoryOf(session.id);
      return;
    }
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    step();
  };

  const onDragEnd = ({ active, delta, over }: DragEndEvent) => {
    const session = sessions.find((s) => s.id === active.id);
    if (!session) return;
    const venueId = (over?.data.current as { venueId?: number } | undefined)?.venueId ?? session.venue_id;
    move(session, wallMinutes(session.starts_at) + delta.y / PX_PER_MIN, venueId);
  };

  const selectDay = (index: number) => {
    const next = data.days[(index + data.days.length) % data.days.length]!;
    setDay(next);
    document.getElementById(`grelha-dia-${next}`)?.focus();
  };

  return (
    <div className="grid-screen">
      <h1>
        <Trans>Grelha</Trans>
      </h1>
      <div className="gestao-field grid-city">
        <label htmlFor="grelha-cidade">
          <Trans>Cidade</Trans>
        </label>
        <select id="grelha-cidade" value={data.city} onChange={(e) => setCity(Number(e.target.value))}>
          {data.cities.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      {/* Every day is a Tab stop (the back office's rule: each control reached by Tab), and the arrows move between them too. */}
      <div role="tablist" aria-label={t`Dia do festival`} className="grid-days">
        {data.days.map((d, index) => (
          <button
            key={d}
            id={`grelha-dia-${d}`}
            type="button"
            role="tab"
            aria-selected={d === day}
            aria-controls="grelha-painel"
            onClick={() => setDay(d)}
            onKeyDown={(event) => {
              const to = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: data.days.length - 1 }[event.key];
              if (to === undefined) return;
              event.preventDefault();
              selectDay(to);
            }}
          >
            {dayLabel(d)}
          </button>
        ))}
      </div>
      <div id="grelha-painel" role="tabpanel" aria-labelledby={`grelha-dia-${day}`} className="grid-panel">
        <p id="grelha-instrucoes" className="grid-help">
          <Trans>
            Arraste uma sessão (de 5 em 5 minutos, para outra sala também) ou, com ela selecionada, use as setas: para cima e para baixo
            mudam a hora em 5 minutos, para os lados mudam de sala. Cada mudança fica no rascunho. Um clique numa sessão (ou Enter) mostra o
            seu histórico; Ctrl+Z desfaz a última mudança feita aqui e Ctrl+Shift+Z refá-la, até à próxima publicação.
          </Trans>
        </p>
        <div className="grid-undo" role="group" aria-label={t`Desfazer e refazer`}>
          <button type="button" disabled={!lastDone} aria-keyshortcuts="Control+Z" onClick={() => replay('undo')}>
            {undoText === undefined ? t`Desfazer` : t`Desfazer: ${undoText}`}
          </button>
          <button
            type="button"
            disabled={!lastUndone}
            aria-keyshortcuts="Control+Shift+Z Control+Y"
            className="gestao-secondary"
            onClick={() => replay('redo')}
          >
            {redoText === undefined ? t`Refazer` : t`Refazer: ${redoText}`}
          </button>
        </div>
        <p className="grid-announcement" role="status" aria-live="polite">
          {announcement}
        </p>
        <StatusLine status={status} />
        <div className="grid-layout">
          <DndContext
            sensors={sensors}
            collisionDetection={pointerWithin}
            modifiers={[snapToSteps]}
            // The pointer decides where a block lands: an auto-scroll once carried one hours past it.
            autoScroll={false}
            onDragEnd={onDragEnd}
            accessibility={{
              screenReaderInstructions: {
                draggable: t`Use as setas para mover a sessão: para cima e para baixo mudam a hora em 5 minutos, para os lados mudam de sala.`,
              },
              // Each move is said once, by the grid's own live region.
              announcements: {
                onDragStart: () => undefined,
                onDragOver: () => undefined,
                onDragEnd: () => undefined,
                onDragCancel: () => undefined,
              },
            }}
          >
            <div className="grid-scroll">
              <div className="grid-board" style={{ '--grid-columns': venues.length } as CSSProperties}>
                <div className="grid-heads">
                  {venues.map(({ id, name, opens_at: opens, closes_at: closes, turnover_min: turnover }) => (
                    <div key={id} className="grid-head">
                      <strong>{name}</strong>
                      <span>
                        <Trans>
                          {opens}–{closes} · intervalo {turnover} min
                        </Trans>
                      </span>
                    </div>
                  ))}
                </div>
                <div className="grid-body" style={{ height: `${(dayEnds - gridStarts) * PX_PER_MIN}px` }}>
                  {hours.map((h) => (
                    <span key={h} className="grid-hour" style={{ top: `${(h - gridStarts) * PX_PER_MIN}px` }}>
                      {hhmm(h)}
                    </span>
                  ))}
                  {venues.map((v, i) => (
                    <VenueColumn key={v.id} venue={v} column={i} />
                  ))}
                  {daySessions.map((s) => (
                    <SessionBlock
                      key={s.id}
                      session={s}
                      column={venueIndex.get(s.venue_id) ?? 0}
                      lane={lanes.get(s.id) ?? 0}
                      lanes={laneCount(s)}
                      top={(wallMinutes(s.starts_at) - gridStarts) * PX_PER_MIN}
                      turnover={venues.find((v) => v.id === s.venue_id)?.turnover_min ?? 0}
                      flag={flags.get(s.id)}
                      onKeyDown={onKeyDown}
                      onShowHistory={(session) => setHistoryOf(session.id)}
                    />
                  ))}
                </div>
              </div>
            </div>
          </DndContext>
          <div className="grid-side">
            {shownSession === undefined ? (
              <p className="grid-history-hint">
                <Trans>Um clique numa sessão mostra aqui as suas línguas, a acessibilidade e o histórico.</Trans>
              </p>
            ) : (
              <>
                <SessionFollowPanel session={shownSession} />
                <SessionHistoryPanel key={`${shownSession.id}-${saves}`} sessionId={shownSession.id} title={shownSession.title} />
              </>
            )}
            <section className="grid-clashes" aria-labelledby="grelha-conflitos">
              <h2 id="grelha-conflitos">
                <Trans>Conflitos deste dia</Trans>
              </h2>
              {dayClashes.length === 0 ? (
                <p>
                  <Trans>Nenhum conflito neste dia.</Trans>
                </p>
              ) : (
                <ClashList clashes={dayClashes} idPrefix="grelha-conflito" onAccepted={grid.reload} />
              )}
            </section>
          </div>
        </div>
      </div>
    </div>
  );
}
