/**
 * "Alterações de última hora": the screen a programmer opens on a phone at the venue's door. The
 * day's published sessions (a festival day ends at 06:00), by city and venue, as large buttons;
 * any change in at most three taps: the session, the change (with its delay or new venue already
 * in it: "Atrasada +15", "Mudou para Cinema Ideal"), then a reason from a short list, which
 * publishes at once ("Esgotada" and "Últimos lugares" publish at the second tap). Beside each
 * session, "Nova hora" opens its new time and day in place (new-time-editor.tsx), with what it
 * would clash with before it is published. What was published is said with "Anular" beside it; a
 * cancelled session comes back only through its own action, "Repor sessão". "Acessibilidade" changes
 * what the session offers (access-editor.tsx), published at once too.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Form, Formik } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { object } from 'yup';
import {
  accessOffered,
  DELAYS_MIN,
  noteSchema,
  STATUS_REASONS,
  type LastMinuteSession,
  type StatusChangeResult,
} from '../../common/gestao/last-minute';
import { addWallMinutes, clockTime } from '../../common/time/lisbon-time';
import { spokenDay } from '../../common/time/calendar-names';
import { isCancelled, STATUS_LABELS, statusSentence, type SessionStatus } from '../../common/programme/session-status';
import { clashAcceptanceSchema } from '../../common/programme/clash-acceptance';
import { SEVERITY_LABELS } from '../../common/programme/programme-clash-rules';
import type { DraftClash } from '../../common/programme/grid';
import { gestaoEndpoints } from '../../common/gestao/api/gestao-endpoints';
import { api, GestaoApiError } from '../api';
import { StatusLine, type Status } from '../status-line';
import { TextField } from '../text-field';
import { ChangeLine } from './publish-screen';
import { useGestaoData } from '../use-gestao-data';
import { sessionWhen } from '../lisbon-format';
import { NewTimeEditor } from './new-time-editor';
import { AccessEditor } from './access-editor';
import { ACCESS_MARKS } from '../../common/programme/session-access';
import './last-minute-screen.css';

/** A change chosen at the second tap, waiting for its reason. */
interface Pending {
  status: Exclude<SessionStatus, ''>;
  /** What the button said ("Atrasada +15 min"), repeated above the reasons. */
  label: string;
  venue_id?: number;
  starts_at?: string;
}

interface Change {
  status: SessionStatus;
  note: string;
  venue_id: number;
  starts_at: string;
  /** Sent again with the reason when the first try made a block clash. */
  clash_reason?: string;
  /** The session's own access features, sent when they change (and by "Anular"). */
  access_features?: string;
}

/** The session as it is: what "Repor sessão", "Esgotada" and "Anular" start from. */
const asBefore = (s: LastMinuteSession): Change => ({
  status: s.status,
  note: s.status_note,
  venue_id: s.venue_id,
  starts_at: s.starts_at,
  access_features: s.access_features,
});

/** The change chosen at the second tap, with its reason. */
const withChange = (s: LastMinuteSession, p: Pending, note: string): Change => ({
  status: p.status,
  note,
  venue_id: p.venue_id ?? s.venue_id,
  starts_at: p.starts_at ?? s.starts_at,
});

const CITY_KEY = 'gestao.ultima-hora.cidade';
const readCity = () => {
  try {
    return localStorage.getItem(CITY_KEY) ?? '';
  } catch {
    return '';
  }
};
const keepCity = (value: string) => {
  try {
    if (value) localStorage.setItem(CITY_KEY, value);
    else localStorage.removeItem(CITY_KEY);
  } catch {
    // A browser that keeps nothing: the choice lasts this visit.
  }
};

/** "21:30 · O Verão de Ada". */
const sessionName = (s: LastMinuteSession) => `${clockTime(s.starts_at)} · ${s.title}`;

/** The day's sessions, city by city and venue by venue, in the order the server gives them. */
function byPlace(sessions: LastMinuteSession[]) {
  const cities: { name: string; venues: { name: string; sessions: LastMinuteSession[] }[] }[] = [];
  for (const s of sessions) {
    let city = cities.at(-1);
    if (city?.name !== s.city_name) cities.push((city = { name: s.city_name, venues: [] }));
    let venue = city.venues.at(-1);
    if (venue?.name !== s.venue_name) city.venues.push((venue = { name: s.venue_name, sessions: [] }));
    venue.sessions.push(s);
  }
  return cities;
}

export function LastMinuteScreen() {
  const [day, setDay] = useState<string | null>(null);
  const data = useGestaoData(gestaoEndpoints.lastMinuteDay, { query: { dia: day ?? undefined } });
  const [chosen, setChosen] = useState<LastMinuteSession | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [other, setOther] = useState(false);
  const [busy, setBusy] = useState(false);
  const [published, setPublished] = useState<StatusChangeResult | null>(null);
  const [status, setStatus] = useState<Status | undefined>(undefined);
  const [clashing, setClashing] = useState<Clashing | null>(null);
  /** The session whose new time is being typed ("Nova hora"), by id. */
  const [retiming, setRetiming] = useState<string | null>(null);
  /** The city the programmer works in (kept on this device: a festival day at the door is one city's). */
  const [city, setCity] = useState(() => readCity());
  const chooseCity = (value: string) => {
    setCity(value);
    keepCity(value);
  };
  /** Whether the chosen session's access features are being changed. */
  const [accessing, setAccessing] = useState(false);
  const { t } = useLingui();

  const backToList = () => {
    setChosen(null);
    setPending(null);
    setOther(false);
    setRetiming(null);
    setAccessing(false);
  };

  /** What a change published, with "Anular"; the list as it now is. */
  const showPublished = (result: StatusChangeResult) => {
    setPublished(result);
    setClashing(null);
    backToList();
    data.reload();
  };

  const newTime = (session: LastMinuteSession) => (
    <NewTimeEditor
      session={session}
      days={data.data?.days ?? []}
      onPublished={showPublished}
      onRefused={(message, stale) => {
        setStatus({ kind: 'error', text: message });
        if (!stale) return;
        backToList();
        data.reload();
      }}
      onClose={() => setRetiming(null)}
    />
  );

  /** Sends one change and shows what it published; a refusal is said where the change was made. */
  const publish = async (session: LastMinuteSession, change: Change): Promise<void> => {
    setBusy(true);
    setStatus(undefined);
    try {
      const result = await api(gestaoEndpoints.screeningStatus, {
        params: { id: session.id },
        body: { ...change, baseVersion: session.version },
      });
      showPublished(result);
    } catch (error) {
      // The move lands on another session: said with the clashes, and published only with a reason.
      if (error instanceof GestaoApiError && error.status === 409 && Array.isArray(error.body.clashes)) {
        setClashing({ session, change, message: error.message, clashes: error.body.clashes as DraftClash[] });
        return;
      }
      const errors = error instanceof GestaoApiError ? (error.body.errors as Record<string, string> | undefined) : undefined;
      const text =
        error instanceof GestaoApiError ? [error.message, ...Object.values(errors ?? {})].join(' ') : t`Não foi possível publicar.`;
      setStatus({ kind: 'error', text });
      // Someone else changed it meanwhile: the list shows it as it now is.
      if (error instanceof GestaoApiError && error.status === 409) {
        backToList();
        data.reload();
      }
    } finally {
      setBusy(false);
    }
  };

  const days = data.data?.days ?? [];
  const shown = data.data?.day ?? '';
  const listed = data.data?.sessions ?? [];
  const cities = [...new Map(listed.map((s) => [s.city_id, { id: s.city_id, name: s.city_name }])).values()];
  // A city kept from another day with no session today shows them all.
  const inCity = cities.some((c) => String(c.id) === city) ? city : '';
  const shownSessions = listed.filter((s) => !inCity || String(s.city_id) === inCity);
  const publishedBox = published ? <Published result={published} busy={busy} onUndo={(s, change) => void publish(s, change)} /> : null;
  return (
    <section className="last-minute" aria-labelledby="ultima-hora-titulo">
      <h1 id="ultima-hora-titulo">
        <Trans>Alterações de última hora</Trans>
      </h1>
      <p className="last-minute__hint">
        <Trans>Cada alteração é publicada logo: o público vê-a no site e na agenda em menos de um minuto.</Trans>
      </p>
      <StatusLine status={status} />
      {/* Beside the session it changed, where the programmer is looking; here only when that session has left the day shown. */}
      {published && !shownSessions.some((s) => s.id === published.session.id) ? publishedBox : null}

      {clashing ? (
        <ClashRefusal
          clashing={clashing}
          onAccept={(reason) => publish(clashing.session, { ...clashing.change, clash_reason: reason })}
          onCancel={() => setClashing(null)}
        />
      ) : chosen && retiming === chosen.id ? (
        <div className="last-minute__step">
          <h2 className="last-minute__chosen">{sessionName(chosen)}</h2>
          {newTime(chosen)}
        </div>
      ) : chosen && accessing ? (
        <div className="last-minute__step">
          <h2 className="last-minute__chosen">{sessionName(chosen)}</h2>
          <AccessEditor
            session={chosen}
            busy={busy}
            onPublish={(accessFeatures) => void publish(chosen, { ...asBefore(chosen), access_features: accessFeatures })}
          />
          <button type="button" className="gestao-secondary last-minute__back" onClick={() => setAccessing(false)}>
            <Trans>Voltar</Trans>
          </button>
        </div>
      ) : chosen ? (
        <ChangeChooser
          session={chosen}
          venues={(data.data?.venues ?? []).filter((v) => v.city_id === chosen.city_id && v.id !== chosen.venue_id)}
          pending={pending}
          other={other}
          busy={busy}
          onPending={setPending}
          onOther={setOther}
          onNewTime={() => setRetiming(chosen.id)}
          onAccess={() => setAccessing(true)}
          onBack={backToList}
          onPublish={(change) => void publish(chosen, change)}
        />
      ) : (
        <>
          <div className="gestao-field last-minute__day">
            <label htmlFor="ultima-hora-dia">
              <Trans>Dia</Trans>
            </label>
            <select id="ultima-hora-dia" value={shown} onChange={(e) => setDay(e.target.value)}>
              {(days.includes(shown) || !shown ? days : [...days, shown].sort()).map((d) => {
                const spoken = spokenDay(d);
                return (
                  <option key={d} value={d}>
                    {d === data.data?.today ? t`Hoje, ${spoken}` : spoken}
                  </option>
                );
              })}
            </select>
          </div>
          {cities.length > 1 && (
            <div className="gestao-field last-minute__day">
              <label htmlFor="ultima-hora-cidade">
                <Trans>Cidade</Trans>
              </label>
              <select id="ultima-hora-cidade" value={inCity} onChange={(e) => chooseCity(e.target.value)}>
                <option value="">{t`Todas as cidades`}</option>
                {cities.map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          {data.error ? <p role="alert">{data.error}</p> : null}
          {!data.data && !data.error ? (
            <p role="status">
              <Trans>A carregar as sessões…</Trans>
            </p>
          ) : null}
          {data.data && data.data.sessions.length === 0 ? (
            <p>
              <Trans>Não há sessões publicadas neste dia.</Trans>
            </p>
          ) : null}
          {byPlace(shownSessions).map((place) => (
            <section key={place.name} className="last-minute__city" aria-label={place.name}>
              <h2>{place.name}</h2>
              {place.venues.map((venue) => (
                <section key={venue.name} aria-label={`${venue.name}, ${place.name}`}>
                  <h3>{venue.name}</h3>
                  <ul className="last-minute__sessions">
                    {venue.sessions.map((s) => {
                      const name = sessionName(s);
                      const justChanged = published?.session.id === s.id;
                      return (
                        <li key={s.id} className={justChanged ? 'is-just-changed' : undefined}>
                          <div className="last-minute__row">
                            <button
                              type="button"
                              className={`last-minute__session${isCancelled(s.status) ? ' is-cancelled' : ''}`}
                              onClick={() => {
                                setChosen(s);
                                setRetiming(null);
                                setPublished(null);
                                setStatus(undefined);
                              }}
                            >
                              <span className="last-minute__session-name">{name}</span>
                              {s.status ? <span className="last-minute__session-status">{STATUS_LABELS[s.status]}</span> : null}
                            </button>
                            {isCancelled(s.status) ? null : (
                              <button
                                type="button"
                                className="gestao-secondary last-minute__new-time-button"
                                aria-expanded={retiming === s.id}
                                aria-label={t`Nova hora para ${name}`}
                                onClick={() => {
                                  setRetiming(retiming === s.id ? null : s.id);
                                  setPublished(null);
                                  setStatus(undefined);
                                }}
                              >
                                <Trans>Nova hora</Trans>
                              </button>
                            )}
                          </div>
                          {retiming === s.id ? newTime(s) : null}
                          {justChanged ? publishedBox : null}
                        </li>
                      );
                    })}
                  </ul>
                </section>
              ))}
            </section>
          ))}
        </>
      )}
    </section>
  );
}

interface Clashing {
  session: LastMinuteSession;
  change: Change;
  message: string;
  clashes: DraftClash[];
}

const clashReasonSchema = object({ reason: clashAcceptanceSchema.fields.reason });

/** A move that makes a block clash: what it clashes with, and publishing it anyway with a reason that goes into the registo. */
function ClashRefusal({
  clashing,
  onAccept,
  onCancel,
}: {
  clashing: Clashing;
  onAccept: (reason: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  return (
    <section className="last-minute__clash" aria-labelledby="ultima-hora-conflito">
      <h2 id="ultima-hora-conflito">
        <Trans>Esta mudança cria um conflito</Trans>
      </h2>
      <ul>
        {clashing.clashes.map((c) => (
          <li key={c.key}>
            <strong>{SEVERITY_LABELS[c.severity]}:</strong> {c.message}
          </li>
        ))}
      </ul>
      <Formik initialValues={{ reason: '' }} validationSchema={clashReasonSchema} onSubmit={(values) => onAccept(values.reason)}>
        {({ isSubmitting }) => (
          <Form className="gestao-form" noValidate aria-label={t`Aceitar o conflito e publicar`}>
            <TextField id="ultima-hora-conflito-motivo" name="reason" label={t`Motivo para aceitar (fica no registo)`} />
            <div className="gestao-actions">
              <button type="submit" disabled={isSubmitting}>
                <Trans>Aceitar e publicar</Trans>
              </button>
              <button type="button" className="gestao-secondary" onClick={onCancel}>
                <Trans>Não publicar</Trans>
              </button>
            </div>
          </Form>
        )}
      </Formik>
    </section>
  );
}

interface ChooserProps {
  session: LastMinuteSession;
  venues: { id: number; name: string }[];
  pending: Pending | null;
  other: boolean;
  busy: boolean;
  onPending: (p: Pending | null) => void;
  onOther: (open: boolean) => void;
  onNewTime: () => void;
  onAccess: () => void;
  onBack: () => void;
  onPublish: (change: Change) => void;
}

/** The second and third taps: the change, then its reason (or "Outro motivo…", written). */
function ChangeChooser({
  session,
  venues,
  pending,
  other,
  busy,
  onPending,
  onOther,
  onNewTime,
  onAccess,
  onBack,
  onPublish,
}: ChooserProps) {
  const { t } = useLingui();
  // Made here, not once for the module: its message is a catalog word.
  const otherReasonSchema = object({ note: noteSchema.required(t`Escreva o motivo.`) });
  const heading = (
    <>
      <h2 className="last-minute__chosen">{sessionName(session)}</h2>
      <p className="last-minute__where">
        {`${sessionWhen(session.starts_at, session.venue_name)} (${session.city_name})`}
        {session.status ? ` · ${statusSentence(session.status, session.status_note)}` : ''}
      </p>
    </>
  );
  const back = (
    <button type="button" className="gestao-secondary last-minute__back" onClick={pending ? () => onPending(null) : onBack}>
      <Trans>Voltar</Trans>
    </button>
  );

  if (isCancelled(session.status)) {
    // Bringing a cancelled session back is its own, explicit action.
    return (
      <div className="last-minute__step">
        {heading}
        <ul className="last-minute__choices">
          <li>
            <button type="button" disabled={busy} onClick={() => onPublish({ ...asBefore(session), status: '', note: '' })}>
              <Trans>Repor sessão</Trans>
            </button>
          </li>
        </ul>
        {back}
      </div>
    );
  }

  if (pending) {
    const { label } = pending;
    return (
      <div className="last-minute__step">
        {heading}
        <h3>{t`${label}: porquê?`}</h3>
        <ul className="last-minute__choices" aria-label={t`Motivos`}>
          {STATUS_REASONS[pending.status].map((reason) => (
            <li key={reason}>
              <button type="button" disabled={busy} onClick={() => onPublish(withChange(session, pending, reason))}>
                {reason}
              </button>
            </li>
          ))}
          <li>
            <button type="button" className="gestao-secondary" aria-expanded={other} onClick={() => onOther(!other)}>
              <Trans>Outro motivo…</Trans>
            </button>
          </li>
        </ul>
        {other ? (
          <Formik
            initialValues={{ note: '' }}
            validationSchema={otherReasonSchema}
            onSubmit={({ note }) => onPublish(withChange(session, pending, note.trim()))}
          >
            <Form className="gestao-form last-minute__other" noValidate>
              <TextField id="ultima-hora-motivo" name="note" label={t`Motivo (o público lê-o)`} />
              <div className="gestao-actions">
                <button type="submit" disabled={busy}>
                  <Trans>Publicar</Trans>
                </button>
              </div>
            </Form>
          </Formik>
        ) : null}
        {back}
      </div>
    );
  }

  const cancel = t`Cancelar sessão`;
  /** The status shown to the public now, if any: the last choice takes it away. */
  const notice = STATUS_LABELS[session.status];
  const offered = accessOffered(session)
    .map((f) => ACCESS_MARKS[f])
    .join(', ');
  const choose = (p: Pending) => () => {
    onOther(false);
    onPending(p);
  };
  return (
    <div className="last-minute__step">
      {heading}
      <ul className="last-minute__choices" aria-label={t`Alterações`}>
        <li>
          <button type="button" onClick={choose({ status: 'cancelled', label: cancel })}>
            {cancel}
          </button>
        </li>
        {(['sold_out', 'few_seats'] as const)
          .filter((s) => s !== session.status)
          .map((s) => (
            <li key={s}>
              <button type="button" disabled={busy} onClick={() => onPublish({ ...asBefore(session), status: s, note: '' })}>
                {STATUS_LABELS[s]}
              </button>
            </li>
          ))}
        {DELAYS_MIN.map((minutes) => {
          const delayed = t`Atrasada +${minutes} min`;
          return (
            <li key={minutes}>
              <button
                type="button"
                onClick={choose({ status: 'delayed', label: delayed, starts_at: addWallMinutes(session.starts_at, minutes) })}
              >
                {delayed}
              </button>
            </li>
          );
        })}
        <li>
          <button type="button" onClick={onNewTime}>
            <Trans>Nova hora</Trans>
          </button>
        </li>
        <li>
          <button type="button" onClick={onAccess}>
            {offered ? t`Acessibilidade: ${offered}` : t`Acessibilidade: nenhuma`}
          </button>
        </li>
        {venues.map(({ id, name }) => {
          const moved = t`Mudou para ${name}`;
          return (
            <li key={id}>
              <button type="button" onClick={choose({ status: 'moved', label: moved, venue_id: id })}>
                {moved}
              </button>
            </li>
          );
        })}
        {notice ? (
          <li>
            <button
              type="button"
              className="gestao-secondary"
              disabled={busy}
              onClick={() => onPublish({ ...asBefore(session), status: '', note: '' })}
            >
              {t`Tirar o aviso «${notice}»`}
            </button>
          </li>
        ) : null}
      </ul>
      {back}
    </div>
  );
}

/** What was just published, in the changelog's words, with "Anular" (or, for a cancellation, "Repor sessão"). */
function Published({
  result,
  busy,
  onUndo,
}: {
  result: StatusChangeResult;
  busy: boolean;
  onUndo: (session: LastMinuteSession, change: Change) => void;
}) {
  const { session, previous, release } = result;
  // In view, and where the keyboard is, wherever the change was made from (scrolled where the
  // browser scrolls: a DOM without layout, as the unit tests' jsdom, has no scrollIntoView).
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'nearest' });
    box.current?.focus({ preventScroll: true });
  }, [release]);
  return (
    <div ref={box} tabIndex={-1} className="last-minute__published" role="status">
      <p>
        <strong>
          <Trans>Publicado (publicação {release}):</Trans>
        </strong>
      </p>
      <ul>
        {result.changelog.map((line) => (
          <li key={line}>
            <ChangeLine text={line} />
          </li>
        ))}
      </ul>
      <button type="button" disabled={busy} onClick={() => onUndo(session, asBefore(previous))}>
        {isCancelled(session.status) ? <Trans>Repor sessão</Trans> : <Trans>Anular</Trans>}
      </button>
    </div>
  );
}
