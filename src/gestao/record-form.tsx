/**
 * One form for every record type: the fields of the type's shared Yup schema, each with its label,
 * its pt-PT message beside it, and greyed with the reason when the role may not change it. A save
 * names the version it was based on; when someone else saved first, the form shows both versions
 * field by field and loses nothing that was typed.
 */
import { Formik, Form, useField, useFormikContext, type FormikProps } from 'formik';
import { useEffect, useId, useRef, useState } from 'react';
import { PRESS_TYPES } from '../common/constants';
import { isPictureField } from '../common/gestao/media';
import { PdfField, PictureField } from './upload-fields';
import {
  FIELD_LABELS,
  PRESS_TYPE_LABELS,
  RECORD_SCHEMAS,
  recordFields,
  type RecordFields,
  type RecordView,
} from '../common/gestao/record-schemas';
import { fieldLockReason, mayChangeField, mayCreate, type RecordType } from '../common/gestao/roles';
import { api, GestaoApiError } from './api';
import type { RecordOptions } from '../common/gestao/record-schemas';
import { useStaff } from './staff-session';
import { autosaveKey, forgetTyped, keepTyped, typedBefore } from './typed-drafts';
import { StatusLine } from './status-line';

type Values = Record<string, string | number>;

export const SAVED_MESSAGE = 'Guardado no rascunho. Publique para que os visitantes o vejam.';

const FLAGS = new Set(['is_movie', 'highlight', 'from_festival', 'minimized']);
const LONG_TEXT = new Set(['description_html', 'technical_info_html', 'logline', 'summary', 'caption_html']);
const WALL_TIMES = new Set(['starts_at', 'published_at']);
const NUMBERS = new Set(['year', 'duration_min', 'position']);

/** The fields chosen from a list, and their lists. */
const CHOICES: Record<string, (options: RecordOptions) => { value: string | number; text: string }[]> = {
  section_id: (o) => o.sections.map((s) => ({ value: s.id, text: s.name })),
  venue_id: (o) => o.venues.map((v) => ({ value: v.id, text: `${v.name} (${v.city})` })),
  movie_id: (o) => o.movies.map((m) => ({ value: m.id, text: m.title })),
  city_id: (o) => o.cities.map((c) => ({ value: c.id, text: c.name })),
  group_id: (o) => o.sponsorGroups.map((g) => ({ value: g.id, text: g.name })),
  kind: () => [
    { value: 'poster', text: 'Cartaz' },
    { value: 'banner', text: 'Banner' },
  ],
  scope: () => [
    { value: 'festa', text: 'Festa do Cinema Italiano' },
    { value: 'distrib', text: 'Distribuição' },
  ],
  asset_type: () => [
    { value: 'movies', text: 'Filmes' },
    { value: 'activities', text: 'Eventos paralelos' },
  ],
  // Only a press item has a field named type.
  type: () => PRESS_TYPES.map((t) => ({ value: t, text: PRESS_TYPE_LABELS[t] })),
};

const toValues = (fields: RecordFields): Values => Object.fromEntries(Object.entries(fields).map(([f, v]) => [f, v === null ? '' : v]));

function toFields(type: RecordType, values: Values): RecordFields {
  return RECORD_SCHEMAS[type].cast(values, { stripUnknown: true, assert: false }) as RecordFields;
}

const show = (value: string | number | null | undefined) =>
  value === null || value === '' || value === undefined ? '(vazio)' : String(value);

interface FieldProps {
  /** Unique to the form: a page may hold several forms of one type (a film's sessions). */
  formId: string;
  type: RecordType;
  name: string;
  locked: boolean;
  options: RecordOptions;
  serverError: string | undefined;
}

function RecordField({ formId, type, name, locked, options, serverError }: FieldProps) {
  const [field, meta, helpers] = useField<string | number>(name);
  const id = `${formId}-${name}`;
  const label = FIELD_LABELS[type][name] ?? name;
  const error = serverError ?? (meta.touched ? meta.error : undefined);
  const described = [error ? `${id}-erro` : '', locked ? `${id}-bloqueio` : ''].filter(Boolean).join(' ') || undefined;
  const common = { id, name, disabled: locked, 'aria-invalid': error ? true : undefined, 'aria-describedby': described };
  let control;
  if (isPictureField(type, name)) {
    control = <PictureField id={id} name={name} label={label} disabled={locked} describedBy={described} invalid={Boolean(error)} />;
  } else if (type === 'press_items' && name === 'file_name') {
    control = <PdfField id={id} name={name} disabled={locked} describedBy={described} invalid={Boolean(error)} />;
  } else if (FLAGS.has(name)) {
    control = (
      <input
        {...common}
        type="checkbox"
        checked={Number(field.value) === 1}
        onChange={(e) => void helpers.setValue(e.target.checked ? 1 : 0)}
        onBlur={field.onBlur}
      />
    );
  } else if (name in CHOICES) {
    const choices = CHOICES[name]!(options);
    control = (
      <select {...common} value={String(field.value)} onChange={field.onChange} onBlur={field.onBlur}>
        <option value="">Escolha…</option>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.text}
          </option>
        ))}
      </select>
    );
  } else if (LONG_TEXT.has(name)) {
    control = (
      <textarea {...common} rows={name === 'logline' ? 2 : 6} value={String(field.value)} onChange={field.onChange} onBlur={field.onBlur} />
    );
  } else {
    const inputType = WALL_TIMES.has(name) ? 'datetime-local' : NUMBERS.has(name) ? 'number' : 'text';
    control = <input {...common} type={inputType} value={String(field.value)} onChange={field.onChange} onBlur={field.onBlur} />;
  }
  return (
    <div className={`gestao-field${FLAGS.has(name) ? ' gestao-field--flag' : ''}${locked ? ' gestao-field--locked' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {control}
      {locked && (
        <p className="gestao-field__lock" id={`${id}-bloqueio`}>
          {fieldLockReason(type, name)}
        </p>
      )}
      {error && (
        <p className="gestao-field__error" id={`${id}-erro`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Keeps what is typed in this browser every few seconds, so a reload or a dropped connection loses nothing. */
function KeepTyped({ storageKey }: { storageKey: string }) {
  const { values, dirty } = useFormikContext<Values>();
  useEffect(() => {
    if (!dirty) return;
    const timer = setTimeout(() => keepTyped(storageKey, values), 2000);
    return () => clearTimeout(timer);
  }, [storageKey, values, dirty]);
  return null;
}

interface Conflict {
  stored: RecordView;
  mine: Values;
}

interface ConflictProps {
  formId: string;
  type: RecordType;
  conflict: Conflict;
  onKeepMine: () => void;
  onTakeStored: () => void;
}

function ConflictView({ formId, type, conflict, onKeepMine, onTakeStored }: ConflictProps) {
  const differing = recordFields(type).filter((f) => show(conflict.mine[f]) !== show(conflict.stored.fields[f]));
  return (
    <section className="gestao-conflict" role="alert" aria-labelledby={`${formId}-conflito`}>
      <h2 id={`${formId}-conflito`}>Outra pessoa guardou este registo depois de o abrir</h2>
      <p>Nada se perdeu: compare as duas versões e escolha.</p>
      <table>
        <thead>
          <tr>
            <th scope="col">Campo</th>
            <th scope="col">A sua versão</th>
            <th scope="col">A versão guardada</th>
          </tr>
        </thead>
        <tbody>
          {differing.map((f) => (
            <tr key={f}>
              <th scope="row">{FIELD_LABELS[type][f]}</th>
              <td>{show(conflict.mine[f])}</td>
              <td>{show(conflict.stored.fields[f])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="gestao-actions">
        <button type="button" onClick={onKeepMine}>
          Guardar a minha versão
        </button>
        <button type="button" className="gestao-secondary" onClick={onTakeStored}>
          Usar a versão guardada
        </button>
      </div>
    </section>
  );
}

interface RecordFormProps {
  type: RecordType;
  /** The record as read; undefined for a new one, with `blank` its starting values. */
  record: RecordView | undefined;
  blank?: RecordFields;
  /** An earlier version's fields to start from (restoring it): saved only when the editor saves. */
  startFrom?: RecordFields;
  options: RecordOptions;
  onSaved: (saved: RecordView) => void;
  submitLabel?: string;
  /** The form's accessible name, where a page holds more than one. */
  label?: string;
}

export function RecordForm({ type, record, blank, startFrom, options, onSaved, submitLabel = 'Guardar', label }: RecordFormProps) {
  const staff = useStaff();
  const formId = useId();
  const storageKey = autosaveKey(type, record?.id);
  const [base, setBase] = useState<RecordView | undefined>(record);
  const [conflict, setConflict] = useState<Conflict | undefined>(undefined);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | undefined>(undefined);
  // A version put back on purpose wins over what was typed before; otherwise nothing typed is lost.
  const [recovered, setRecovered] = useState(() => (startFrom ? undefined : typedBefore(storageKey)));
  const startValues = toValues(startFrom ?? base?.fields ?? blank ?? {});
  const formik = useRef<FormikProps<Values>>(null);
  /** The form now holds what the server has: nothing left to keep, nothing to recover. */
  const settle = (stored: RecordView) => {
    forgetTyped(storageKey);
    setRecovered(undefined);
    setConflict(undefined);
    setBase(stored);
    formik.current?.resetForm({ values: toValues(stored.fields) });
  };
  const canCreate = mayCreate(staff.role, type);
  const locked = (field: string) => (record ? !mayChangeField(staff.role, type, field) : !canCreate);

  async function save(values: Values, baseVersion: number) {
    setStatus(undefined);
    setServerErrors({});
    try {
      const fields = toFields(type, values);
      const saved = record
        ? await api<RecordView>('PUT', `/records/${type}/${record.id}`, { baseVersion, fields })
        : await api<RecordView>('POST', `/records/${type}`, { fields });
      settle(saved);
      setStatus({ kind: 'ok', text: SAVED_MESSAGE });
      onSaved(saved);
    } catch (error) {
      if (!(error instanceof GestaoApiError)) throw error;
      if (error.status === 409) setConflict({ stored: error.body.stored as RecordView, mine: values });
      else {
        setServerErrors((error.body.errors as Record<string, string> | undefined) ?? {});
        setStatus({ kind: 'error', text: error.message });
      }
    }
  }

  return (
    <Formik<Values>
      innerRef={formik}
      initialValues={recovered ? { ...startValues, ...recovered } : startValues}
      validationSchema={RECORD_SCHEMAS[type]}
      onSubmit={(values) => save(values, base?.version ?? 0)}
    >
      {({ isSubmitting }) => (
        <Form className="gestao-form" noValidate aria-label={label}>
          <KeepTyped storageKey={storageKey} />
          {recovered && (
            <p className="gestao-status" role="status">
              Recuperámos o que tinha escrito e não chegou a guardar.
            </p>
          )}
          {conflict && (
            <ConflictView
              formId={formId}
              type={type}
              conflict={conflict}
              onKeepMine={() => void save(conflict.mine, conflict.stored.version)}
              onTakeStored={() => settle(conflict.stored)}
            />
          )}
          <div className="gestao-fields">
            {recordFields(type).map((name) => (
              <RecordField
                key={name}
                formId={formId}
                type={type}
                name={name}
                locked={locked(name)}
                options={options}
                serverError={serverErrors[name]}
              />
            ))}
          </div>
          <StatusLine status={status} />
          <div className="gestao-actions">
            <button type="submit" disabled={isSubmitting || (!record && !canCreate)}>
              {submitLabel}
            </button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
