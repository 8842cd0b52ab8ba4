/**
 * "Nova hora": a session's new time (and day) from the phone, on one screenful. The time is typed
 * (prefilled with the one it has), the day chosen among the festival's; as soon as the time is
 * whole, the server says what it would clash with (that session's clashes only, nothing written),
 * and a clash that blocks is accepted with a reason right there, beside the button that publishes.
 * A session moved to a clashing time is published in four taps: "Nova hora", the time, the reason,
 * "Aceitar e publicar".
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Form, Formik, useField, useFormikContext, type FormikHelpers } from 'formik';
import { useEffect, useState } from 'react';
import {
  newTimeSchema,
  statusWithNewTime,
  type LastMinuteSession,
  type NewTime,
  type StatusChangeResult,
} from '../../common/gestao/last-minute';
import { gestaoEndpoints } from '../../common/gestao/api/gestao-endpoints';
import { SEVERITY_LABELS } from '../../common/programme/programme-clash-rules';
import type { DraftClash } from '../../common/programme/grid';
import { festivalDayOf, wallTimeInFestivalDay } from '../../common/time/festival-day';
import { clockTime, wallDate } from '../../common/time/lisbon-time';
import { spokenDay } from '../../common/time/calendar-names';
import { api, GestaoApiError, refusalMessage } from '../api';
import { sessionWhen } from '../lisbon-format';
import { StatusLine } from '../status-line';
import { TextField } from '../text-field';

interface Props {
  session: LastMinuteSession;
  /** The festival's days, YYYY-MM-DD. */
  days: string[];
  onPublished: (result: StatusChangeResult) => void;
  /** A refusal that is not about a field (someone changed the session meanwhile): the screen says it and reads the day again. */
  onRefused: (message: string, stale: boolean) => void;
  onClose: () => void;
}

/** What the server last said the new time clashes with. */
interface Checked {
  startsAt: string;
  clashes: DraftClash[];
}

const whole = (values: NewTime) => newTimeSchema.isValidSync({ ...values, clash_reason: '' });
const startsAtOf = (values: NewTime) => wallTimeInFestivalDay(values.day, values.time);
const mustAccept = (clashes: DraftClash[]) => clashes.filter((c) => c.severity === 'block' && !c.acceptance);

/** The change as the server takes it: the session where and as it is, at its new time. */
const changeAt = (session: LastMinuteSession, startsAt: string, clashReason?: string) => {
  const status = statusWithNewTime(session.status);
  return {
    status,
    note: status ? session.status_note : '',
    venue_id: session.venue_id,
    starts_at: startsAt,
    clash_reason: clashReason,
    baseVersion: session.version,
  };
};

/** "sexta 3, 00:30 (a noite de quinta 2)": the date it really is, and the festival day chosen when that is the day before. */
const spokenStart = (startsAt: string, i18n: I18n) => {
  const day = festivalDayOf(startsAt);
  const when = sessionWhen(startsAt);
  if (day === wallDate(startsAt)) return when;
  const night = spokenDay(day);
  return i18n._(msg`${when} (a noite de ${night})`);
};

const fieldErrors = (error: unknown) =>
  error instanceof GestaoApiError ? (error.body.errors as Record<string, string> | undefined) : undefined;

export function NewTimeEditor({ session, days, onPublished, onRefused, onClose }: Props) {
  const [checked, setChecked] = useState<Checked | null>(null);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const { t } = useLingui();
  const day = festivalDayOf(session.starts_at);
  const initial: NewTime = { day, time: clockTime(session.starts_at), clash_reason: '' };

  const submit = async (values: NewTime, form: FormikHelpers<NewTime>) => {
    setProblem(undefined);
    const startsAt = startsAtOf(values);
    if (startsAt === session.starts_at) {
      const { time } = values;
      form.setFieldError('time', t`A sessão já é às ${time}: escreva a nova hora.`);
      return;
    }
    const open = checked?.startsAt === startsAt ? mustAccept(checked.clashes) : [];
    if (open.length > 0 && !values.clash_reason) {
      form.setFieldError('clash_reason', t`Escreva o motivo por que aceita este conflito.`);
      return;
    }
    try {
      onPublished(
        await api(gestaoEndpoints.screeningStatus, {
          params: { id: session.id },
          body: changeAt(session, startsAt, open.length > 0 ? values.clash_reason : undefined),
        }),
      );
    } catch (error) {
      if (!(error instanceof GestaoApiError)) {
        setProblem(t`Não foi possível publicar: veja se há rede e tente de novo.`);
        return;
      }
      // A clash the check had not shown yet (the time was published before it answered, or the programme changed): said here.
      if (error.status === 409 && Array.isArray(error.body.clashes)) {
        setChecked({ startsAt, clashes: error.body.clashes as DraftClash[] });
        return;
      }
      const errors = fieldErrors(error);
      if (errors?.starts_at) form.setFieldError('time', errors.starts_at);
      if (errors?.clash_reason) form.setFieldError('clash_reason', errors.clash_reason);
      if (!errors?.starts_at && !errors?.clash_reason) onRefused(error.message, error.status === 409);
    }
  };

  const oldTime = clockTime(session.starts_at);
  const { title } = session;
  return (
    <Formik initialValues={initial} validationSchema={newTimeSchema} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Form className="gestao-form last-minute__new-time" noValidate aria-label={t`Nova hora: ${oldTime} · ${title}`}>
          <div className="last-minute__new-time-fields">
            <DayField id={`nova-hora-${session.id}-dia`} days={days.includes(day) ? days : [...days, day].sort()} />
            <TextField id={`nova-hora-${session.id}`} name="time" type="time" label={t`Nova hora`} />
          </div>
          <ClashCheck session={session} checked={checked} onChecked={setChecked} onProblem={setProblem} />
          {checked && mustAccept(checked.clashes).length > 0 ? (
            <TextField id={`nova-hora-${session.id}-motivo`} name="clash_reason" label={t`Motivo para aceitar (fica no registo)`} />
          ) : null}
          <StatusLine status={problem === undefined ? undefined : { kind: 'error', text: problem }} />
          <PublishButtons checked={checked} busy={isSubmitting} onClose={onClose} />
        </Form>
      )}
    </Formik>
  );
}

function DayField({ id, days }: { id: string; days: string[] }) {
  const [field] = useField<string>('day');
  return (
    <div className="gestao-field">
      <label htmlFor={id}>
        <Trans>Dia</Trans>
      </label>
      <select id={id} {...field}>
        {days.map((d) => (
          <option key={d} value={d}>
            {spokenDay(d)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Asks the server what the typed time would clash with, once the time is whole and has stopped
 * changing for a moment (a time typed digit by digit is asked about once), and lists it.
 */
function ClashCheck({
  session,
  checked,
  onChecked,
  onProblem,
}: {
  session: LastMinuteSession;
  checked: Checked | null;
  onChecked: (checked: Checked | null) => void;
  onProblem: (message: string | undefined) => void;
}) {
  const { values } = useFormikContext<NewTime>();
  const { i18n, t } = useLingui();
  const startsAt = whole(values) ? startsAtOf(values) : null;
  const asking = startsAt !== null && startsAt !== session.starts_at && checked?.startsAt !== startsAt;

  useEffect(() => {
    if (!asking) return;
    let current = true;
    const timer = setTimeout(() => {
      api(gestaoEndpoints.screeningStatusClashes, { params: { id: session.id }, body: changeAt(session, startsAt) })
        .then(({ clashes }) => {
          if (!current) return;
          onProblem(undefined);
          onChecked({ startsAt, clashes });
        })
        .catch((error: unknown) => {
          if (!current) return;
          const errors = fieldErrors(error);
          onProblem(errors?.starts_at ?? refusalMessage(error, t`Não foi possível ver os conflitos.`));
        });
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // The check depends on the new time only; the callbacks are the screen's state setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asking, startsAt, session.id, session.version]);

  const shown = checked && checked.startsAt === startsAt ? checked.clashes : null;
  const when = startsAt === null ? '' : spokenStart(startsAt, i18n);
  const clashCount = shown?.length ?? 0;
  const acceptedNote = ({ acceptedBy, reason }: NonNullable<DraftClash['acceptance']>) => t` (por ${acceptedBy}: «${reason}»)`;
  return (
    <div className="last-minute__check" role="status">
      {asking ? (
        <p>
          <Trans>A ver os conflitos desta hora…</Trans>
        </p>
      ) : null}
      {shown && shown.length === 0 ? <p>{t`Sem conflitos: ${when}.`}</p> : null}
      {shown && shown.length > 0 ? (
        <>
          <p className="last-minute__check-title">
            <strong>
              <Plural value={clashCount} one="Esta hora cria um conflito:" other="Esta hora cria # conflitos:" />
            </strong>
          </p>
          <ul>
            {shown.map((c) => (
              <li key={c.key}>
                <strong>{c.acceptance ? t`Aceite` : SEVERITY_LABELS[c.severity]}:</strong> {c.message}
                {c.acceptance ? acceptedNote(c.acceptance) : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

function PublishButtons({ checked, busy, onClose }: { checked: Checked | null; busy: boolean; onClose: () => void }) {
  const { values } = useFormikContext<NewTime>();
  const current = checked && whole(values) && checked.startsAt === startsAtOf(values) ? checked.clashes : [];
  return (
    <div className="gestao-actions">
      <button type="submit" disabled={busy}>
        {mustAccept(current).length > 0 ? <Trans>Aceitar e publicar</Trans> : <Trans>Publicar a nova hora</Trans>}
      </button>
      <button type="button" className="gestao-secondary" onClick={onClose}>
        <Trans>Voltar</Trans>
      </button>
    </div>
  );
}
