/**
 * "Grelha": the programme of one city and one festival day as the draft has it, venues as columns
 * and time going down (10:00 to 06:00 the next morning). Each session is a block as long as its
 * film, followed by its venue's turnover (drawn apart). A session moves by dragging it (in 5-minute
 * steps, onto another venue's column too) or, focused, by the arrow keys: up and down 5 minutes,
 * left and right the neighbouring venue. Every move is said in pt-PT in a live region and saved at
 * once as an ordinary session write with its version (someone else's save in between is the usual
 * 409, said here, and the grid is read again). The clashes are recomputed in the browser with the
 * server's own rules at every move: the blocks involved say so (an icon and a word, not only a
 * colour) and the list beside the grid names them with their severity.
 */
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
import { useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { weekdayName } from '../../common/time/calendar-names';
import { festivalDayBounds, festivalDayOf, openingDay } from '../../common/time/festival-day';
import { durationOf } from '../../common/time/work-length';
import { clockTime, wallMinutes, wallTimeOf } from '../../common/time/lisbon-time';
import { findClashes, type ClashSeverity } from '../../common/programme/programme-clash-rules';
import { sessionFields, type DraftClash, type GridAnswer, type GridSession, type GridVenue } from '../../common/programme/grid';
import { isCancelled } from '../../common/programme/session-status';
import { gestaoEndpoints } from '../../common/gestao/api/gestao-endpoints';
import { api, GestaoApiError } from '../api';
import { ClashList } from '../clash-list';
import { StatusLine, type Status } from '../status-line';
import { useGestaoData } from '../use-gestao-data';
import './grid-screen.css';

/** Screen pixels per minute of programme. */
const PX_PER_MIN = 1.5;
/** A move's step, by keyboard or by dragging. */
const STEP_MIN = 5;
/** The grid's first hour, unless a session of the day starts earlier. */
const GRID_OPENS_AT_HOUR = 10;

/** "quinta 2/04" */
const dayLabel = (day: string) => `${weekdayName(day, 'spoken')} ${Number(day.slice(8, 10))}/${day.slice(5, 7)}`;
const hhmm = (minutes: number) => clockTime(wallTimeOf(minutes));

/** Dragging moves in 5-minute steps: the block follows the pointer from step to step. */
const snapToSteps: Modifier = ({ transform }) => ({
  ...transform,
  y: Math.round(transform.y / (STEP_MIN * PX_PER_MIN)) * STEP_MIN * PX_PER_MIN,
});

/** The clash marks of a block: the worst clash it is in, said with an icon and a word. */
const FLAGS: Record<ClashSeverity | 'accepted', { icon: string; word: string }> = {
  block: { icon: '✖', word: 'Conflito' },
  warning: { icon: '⚠', word: 'Aviso' },
  accepted: { icon: '✓', word: 'Conflito aceite' },
};

type Flag = keyof typeof FLAGS;

interface BlockProps {
  session: GridSession;
  column: number;
  /** How many screenings of its venue are still running when it starts: it is drawn that far aside. */
  lane: number;
  top: number;
  turnover: number;
  flag: Flag | undefined;
  onKeyDown: (event: KeyboardEvent, session: GridSession) => void;
}

function SessionBlock({ session, column, lane, top, turnover, flag, onKeyDown }: BlockProps) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: session.id,
    attributes: { roleDescription: 'sessão que se pode mover' },
  });
  const duration = durationOf(session);
  const start = wallMinutes(session.starts_at);
  const style = {
    '--grid-column': column,
    '--grid-lane': lane,
    top: `${top}px`,
    height: `${(duration + turnover) * PX_PER_MIN}px`,
    transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
  } as CSSProperties;
  const cancelled = isCancelled(session.status);
  return (
    <div
      ref={setNodeRef}
      className={`grid-session${flag ? ` grid-session--${flag}` : ''}${isDragging ? ' grid-session--dragging' : ''}${cancelled ? ' grid-session--cancelled' : ''}`}
      style={style}
      data-session={session.id}
      {...attributes}
      {...listeners}
      onKeyDown={(event) => onKeyDown(event, session)}
    >
      <span className="grid-session__screening" style={{ height: `${duration * PX_PER_MIN}px` }}>
        {flag && (
          <span className="grid-session__flag">
            <span aria-hidden="true">{FLAGS[flag].icon}</span> {FLAGS[flag].word}
          </span>
        )}
        <strong className="grid-session__title">{session.title}</strong>{' '}
        <span className="grid-session__time">
          {hhmm(start)}–{hhmm(start + duration)}
        </span>
        {cancelled && <span className="grid-session__note"> · Cancelada</span>}
        {session.guest && <span className="grid-session__note"> · com {session.guest}</span>}
      </span>
      {turnover > 0 && (
        <span className="grid-session__turnover" style={{ height: `${turnover * PX_PER_MIN}px` }}>
          <span className="gestao-visually-hidden">, depois {turnover} min de intervalo</span>
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

  // The saves of each session, one at a time: a move made while one is on its way is sent after
  // it, with the version it answered (never a conflict with oneself).
  const versions = useRef(new Map<number, number>());
  const latest = useRef(new Map<number, GridSession>());
  const saving = useRef(new Set<number>());
  const again = useRef(new Set<number>());

  const moved = moves.base === data ? moves.sessions : NO_MOVES;
  const sessions = useMemo(() => (data ? data.sessions.map((s) => moved[s.id] ?? s) : []), [data, moved]);
  const venues = data?.venues ?? [];
  const day = data && chosenDay && data.days.includes(chosenDay) ? chosenDay : data && openingDay(data.days, data.today);

  const clashes: DraftClash[] = useMemo(() => {
    if (!data) return [];
    const accepted = new Map(data.acceptances.map((a) => [a.key, a]));
    return findClashes({
      sessions: [...sessions, ...data.elsewhere.sessions],
      venues: [...data.venues, ...data.elsewhere.venues],
      travelTimes: data.travelTimes,
    }).map((c) => ({ ...c, acceptance: accepted.get(c.key) ?? null }));
  }, [data, sessions]);

  if (grid.error) return <StatusLine status={{ kind: 'error', text: grid.error }} />;
  if (!data || !day) return <p role="status">A carregar a grelha…</p>;

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
        if (!again.current.delete(id)) break;
      }
    } catch (error) {
      again.current.delete(id);
      setStatus({ kind: 'error', text: error instanceof GestaoApiError ? error.message : 'Não foi possível guardar a mudança.' });
      // What the server has now (someone else's save, or nothing of this move): the grid shows it.
      grid.reload();
    } finally {
      saving.current.delete(id);
    }
  };

  const move = (session: GridSession, startsAt: number, venueId: number) => {
    const start = Math.min(Math.max(Math.round(startsAt / STEP_MIN) * STEP_MIN, dayStarts), dayEnds - STEP_MIN);
    const next = { ...session, starts_at: wallTimeOf(start), venue_id: venueId };
    if (next.starts_at === session.starts_at && venueId === session.venue_id) return;
    latest.current.set(session.id, next);
    setMoves({ base: data, sessions: { ...moved, [session.id]: next } });
    setStatus(undefined);
    const venue = venues.find((v) => v.id === venueId);
    setAnnouncement(`Sessão ${session.title} movida para ${hhmm(start)}, ${venue?.name ?? ''}`);
    void save(session.id);
  };

  const onKeyDown = (event: KeyboardEvent, session: GridSession) => {
    const start = wallMinutes(session.starts_at);
    const column = venueIndex.get(session.venue_id) ?? 0;
    const steps: Record<string, () => void> = {
      ArrowUp: () => move(session, start - STEP_MIN, session.venue_id),
      ArrowDown: () => move(session, start + STEP_MIN, session.venue_id),
      ArrowLeft: () => column > 0 && move(session, start, venues[column - 1]!.id),
      ArrowRight: () => column < venues.length - 1 && move(session, start, venues[column + 1]!.id),
    };
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
      <h1>Grelha</h1>
      <div className="gestao-field grid-city">
        <label htmlFor="grelha-cidade">Cidade</label>
        <select id="grelha-cidade" value={data.city} onChange={(e) => setCity(Number(e.target.value))}>
          {data.cities.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      {/* Every day is a Tab stop (the back office's rule: each control reached by Tab), and the arrows move between them too. */}
      <div role="tablist" aria-label="Dia do festival" className="grid-days">
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
          Arraste uma sessão (de 5 em 5 minutos, para outra sala também) ou, com ela selecionada, use as setas: para cima e para baixo mudam
          a hora em 5 minutos, para os lados mudam de sala. Cada mudança fica no rascunho.
        </p>
        <p className="grid-announcement" role="status" aria-live="polite">
          {announcement}
        </p>
        <StatusLine status={status} />
        <div className="grid-layout">
          <DndContext
            sensors={sensors}
            collisionDetection={pointerWithin}
            modifiers={[snapToSteps]}
            onDragEnd={onDragEnd}
            accessibility={{
              screenReaderInstructions: {
                draggable:
                  'Use as setas para mover a sessão: para cima e para baixo mudam a hora em 5 minutos, para os lados mudam de sala.',
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
                  {venues.map((v) => (
                    <div key={v.id} className="grid-head">
                      <strong>{v.name}</strong>
                      <span>
                        {v.opens_at}–{v.closes_at} · intervalo {v.turnover_min} min
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
                      top={(wallMinutes(s.starts_at) - gridStarts) * PX_PER_MIN}
                      turnover={venues.find((v) => v.id === s.venue_id)?.turnover_min ?? 0}
                      flag={flags.get(s.id)}
                      onKeyDown={onKeyDown}
                    />
                  ))}
                </div>
              </div>
            </div>
          </DndContext>
          <section className="grid-clashes" aria-labelledby="grelha-conflitos">
            <h2 id="grelha-conflitos">Conflitos deste dia</h2>
            {dayClashes.length === 0 ? (
              <p>Nenhum conflito neste dia.</p>
            ) : (
              <ClashList clashes={dayClashes} idPrefix="grelha-conflito" onAccepted={grid.reload} />
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
