/**
 * One form for every record type: the fields of the type's shared Yup schema, each with its label,
 * its pt-PT message beside it, and greyed with the reason when the role may not change it. A save
 * names the version it was based on; when someone else saved since, the server merges field by
 * field and the form then holds the merged record, saying whose change it joined. Only a field both
 * changed comes back as a conflict: listed beside the save button, each with a choice, and nothing
 * that was typed is lost.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Formik, Form, useField, useFormikContext, type FormikProps } from 'formik';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ConflictAnswer, MergedChange } from '../common/gestao/api/answers';
import { staffName } from '../common/gestao/staff-name';
import { fieldOf, keyFields } from '../common/gestao/collections';
import type { FieldInput } from '../common/gestao/collections/field-kit';
import { PdfField, PictureField } from './upload-fields';
import {
  fieldText,
  KEY_CHANGE_MESSAGE,
  RECORD_SCHEMAS,
  recordFields,
  type ListItem,
  type FieldValue,
  type RecordFields,
  type RecordView,
} from '../common/gestao/record-schemas';
import { ItemList } from './item-list';
import { choicesOf } from './field-choices';
import { fieldLockReason, mayChangeField, mayCreate, type RecordType } from '../common/gestao/roles';
import { CANCELLED_LOCKED_FIELDS, cancelledLockReason } from '../common/gestao/last-minute';
import { isCancelled } from '../common/programme/session-status';
import { gestaoEndpoints } from '../common/gestao/api/gestao-endpoints';
import { api, GestaoApiError } from './api';
import type { RecordOptions } from '../common/gestao/record-schemas';
import { useStaff } from './staff-session';
import { forgetTyped, keepTyped, typedBefore, type KeptIn, type TypedPlace } from './typed-drafts';
import { TYPED_COPY_EVERY_MS, type TypedCopy } from '../common/gestao/typed-copy';
import { StatusLine } from './status-line';
import { lisbonClock } from './lisbon-format';
import { withValues, type I18n } from '../common/i18n/i18n';
import { TranslatedField, type SlotProps } from './translations/translated-field';
import { RichTextField } from './rich-text/rich-text-field';
import { ReportUnsaved } from './feedback/unsaved-changes-guard';

type Values = Record<string, string | number | ListItem[]>;

/** What a save says; a screen says it too after creating a record (an element: it renders with the page's words). */
export const SAVED_MESSAGE = <Trans>Guardado no rascunho. Publique para que os visitantes o vejam.</Trans>;

const SAVED_JOINED = msg({
  message:
    '{count, plural, one {Guardado no rascunho. Juntámos a alteração {changes}. Publique para que os visitantes o vejam.} other {Guardado no rascunho. Juntámos as alterações {changes}. Publique para que os visitantes o vejam.}}',
});
const CHANGE_BY = msg({ message: 'de {who} ({fields})' });
const AND = msg({ message: '{list} e {last}' });

/** "Ana e Eva Costa", "Ana e Rui e Eva Costa": names, or changes, one after another. */
const andList = (i18n: I18n, items: string[]) =>
  items.length === 0 ? '' : items.reduce((list, last) => i18n._(withValues(AND, { list, last })));

/** "Guardado no rascunho. Juntámos a alteração de Eva Costa (sinopse curta). Publique …", for the save's status line. */
function joinedSentence(i18n: I18n, type: RecordType, merged: MergedChange[]): string {
  const changes = merged.map((m) =>
    i18n._(withValues(CHANGE_BY, { who: staffName(m.by), fields: m.fields.map((f) => fieldOf(type, f)?.label ?? f).join(', ') })),
  );
  return i18n._(withValues(SAVED_JOINED, { count: changes.length, changes: andList(i18n, changes) }));
}

/** The input a typed field is edited in, by its kind. */
const INPUT_TYPES: Partial<Record<FieldInput, string>> = {
  'wall-time': 'datetime-local',
  date: 'date',
  'clock-time': 'time',
  number: 'number',
  email: 'email',
};

const toValues = (fields: RecordFields): Values => Object.fromEntries(Object.entries(fields).map(([f, v]) => [f, v === null ? '' : v]));

function toFields(type: RecordType, values: Values): RecordFields {
  return RECORD_SCHEMAS[type].cast(values, { stripUnknown: true, assert: false }) as RecordFields;
}

const EMPTY = msg`(vazio)`;
const NO_ITEMS = msg`(nenhum)`;

const show = (i18n: I18n, value: FieldValue | undefined) =>
  value === null || value === '' || value === undefined
    ? i18n._(EMPTY)
    : Array.isArray(value)
      ? value.map((item) => String(item.title ?? item.list_html ?? '')).join(', ') || i18n._(NO_ITEMS)
      : String(value);

interface FieldProps {
  /** Unique to the form: a page may hold several forms of one type (a film's sessions). */
  formId: string;
  type: RecordType;
  name: string;
  locked: boolean;
  /** Why it is greyed: who may change it, or that a key is never changed. */
  lockReason: string;
  options: RecordOptions;
  serverError: string | undefined;
  /** Drawn as one language of a localised field: its `lang`, a translation's state. */
  slot?: Omit<SlotProps, 'name'>;
}

function RecordField({ formId, type, name, locked, lockReason, options, serverError, slot }: FieldProps) {
  const [field, meta, helpers] = useField<string | number>(name);
  const { values } = useFormikContext<Values>();
  const { t } = useLingui();
  const id = `${formId}-${name}`;
  const spec = fieldOf(type, name)!;
  const { input } = spec;
  const { label } = spec;
  const error = serverError ?? (meta.touched ? meta.error : undefined);
  const described =
    [spec.help ? `${id}-ajuda` : '', slot?.note ? `${id}-estado` : '', error ? `${id}-erro` : '', locked ? `${id}-bloqueio` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  const common = {
    id,
    name,
    disabled: locked,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    ...(slot ? { lang: slot.lang } : {}),
  };
  let control;
  if (input === 'picture') {
    // A sponsor's one picture is its logo: its upload asks for one.
    control = (
      <PictureField id={id} name={name} logo={type === 'sponsors'} disabled={locked} describedBy={described} invalid={Boolean(error)} />
    );
  } else if (input === 'pdf') {
    control = <PdfField id={id} name={name} disabled={locked} describedBy={described} invalid={Boolean(error)} />;
  } else if (input === 'flag') {
    control = (
      <input
        {...common}
        type="checkbox"
        checked={Number(field.value) === 1}
        onChange={(e) => void helpers.setValue(e.target.checked ? 1 : 0)}
        onBlur={field.onBlur}
      />
    );
  } else if (input === 'choice') {
    const choices = choicesOf(spec, options, values);
    const hasEmpty = !choices.some((c) => c.value === 0);
    control = (
      <select {...common} value={String(field.value)} onChange={field.onChange} onBlur={field.onBlur}>
        {hasEmpty && <option value="">{spec.emptyChoice ?? t`Escolha…`}</option>}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.text}
          </option>
        ))}
      </select>
    );
  } else if (input === 'html') {
    control = (
      <RichTextField
        id={id}
        labelId={`${id}-rotulo`}
        label={label}
        value={String(field.value)}
        onChange={(html) => void helpers.setValue(html)}
        onBlur={() => void helpers.setTouched(true)}
        disabled={locked}
        describedBy={described}
        invalid={Boolean(error)}
        lang={slot?.lang}
        rows={spec.rows}
      />
    );
  } else if (input === 'long-text') {
    control = <textarea {...common} rows={spec.rows ?? 6} value={String(field.value)} onChange={field.onChange} onBlur={field.onBlur} />;
  } else {
    control = (
      <input {...common} type={INPUT_TYPES[input] ?? 'text'} value={String(field.value)} onChange={field.onChange} onBlur={field.onBlur} />
    );
  }
  return (
    <div className={`gestao-field${input === 'flag' ? ' gestao-field--flag' : ''}${locked ? ' gestao-field--locked' : ''}`}>
      <label htmlFor={id} id={`${id}-rotulo`}>
        {label}
      </label>
      {control}
      {spec.help && (
        <p className="gestao-field__help" id={`${id}-ajuda`}>
          {spec.help}
        </p>
      )}
      {slot?.note && (
        <p className="gestao-field__help" id={`${id}-estado`}>
          {slot.note}
        </p>
      )}
      {locked && (
        <p className="gestao-field__lock" id={`${id}-bloqueio`}>
          {lockReason}
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

/**
 * Keeps what is typed two seconds after the typing pauses, in this browser and on the server, so
 * a reload, a crash, a dropped connection or another device loses nothing; says where it went.
 */
function KeepTyped({ place, baseVersion }: { place: TypedPlace; baseVersion: number }) {
  const { values, dirty } = useFormikContext<Values>();
  const [kept, setKept] = useState<{ where: KeptIn; at: Date } | undefined>(undefined);
  const { t } = useLingui();
  const { userId, type, id } = place;
  useEffect(() => {
    if (!dirty) return;
    let current = true;
    const timer = setTimeout(() => {
      void keepTyped({ userId, type, id }, values, baseVersion).then((where) => current && setKept({ where, at: new Date() }));
    }, TYPED_COPY_EVERY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [userId, type, id, values, dirty, baseVersion]);
  if (!dirty || !kept || kept.where === 'nenhum') return null;
  const at = lisbonClock(kept.at);
  return (
    <p className="gestao-autosave">
      {kept.where === 'servidor'
        ? t`Guardado automaticamente (neste navegador e no servidor) às ${at}.`
        : t`Sem ligação ao servidor: guardado automaticamente só neste navegador às ${at}.`}
    </p>
  );
}

interface Conflict {
  answer: ConflictAnswer;
  /** The form's values when it was refused: "a sua alteração". */
  mine: Values;
}

/** What the form's values were based on: the version read and, when known, its fields (the server needs them only for version 0). */
interface ReadAt {
  version: number;
  fields: RecordFields | undefined;
}

interface ConflictProps {
  formId: string;
  type: RecordType;
  conflict: Conflict;
  onSave: (choices: Record<string, 'mine' | 'theirs'>) => void;
  onTakeStored: () => void;
}

/**
 * The fields both sides changed, each with "a sua alteração", "a alteração de <pessoa>" and the
 * original beside them, and a choice. It opens beside the save button with the focus on its
 * heading, so the person who pressed Guardar is looking at it.
 */
function ConflictView({ formId, type, conflict, onSave, onTakeStored }: ConflictProps) {
  const { answer, mine } = conflict;
  const heading = useRef<HTMLHeadingElement>(null);
  const [choices, setChoices] = useState<Record<string, 'mine' | 'theirs'>>({});
  const [missing, setMissing] = useState(false);
  const { i18n, t } = useLingui();
  // In the commit that shows it: the focus never lingers on the button below meanwhile.
  useLayoutEffect(() => {
    heading.current?.focus();
  }, [answer]);
  const names = andList(i18n, [...new Set(answer.conflicts.map((c) => staffName(c.by)))]);
  const headingId = `${formId}-conflito`;
  const who = names || t`Outra pessoa`;
  const others = names || t`outras pessoas`;
  const save = () => {
    if (answer.conflicts.some((c) => !choices[c.field])) setMissing(true);
    else onSave(choices);
  };
  return (
    <section className="gestao-conflict" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {answer.rolledBack
          ? t`Uma publicação anterior foi reposta depois de abrir este registo`
          : t`${who} alterou os mesmos campos depois de abrir este registo`}
      </h2>
      {answer.rolledBack && <p>{answer.message}</p>}
      <p>
        <Trans>
          Nada se perdeu: escolha a alteração que fica em cada campo. As outras alterações, suas e de {others}, juntam-se ao guardar.
        </Trans>
      </p>
      {answer.conflicts.map((c) => {
        const label = fieldOf(type, c.field)?.label ?? c.field;
        const name = `${formId}-escolha-${c.field}`;
        const yours = show(i18n, mine[c.field]);
        const theirName = staffName(c.by);
        const theirs = show(i18n, c.theirs);
        const original = 'base' in c ? show(i18n, c.base) : t`não se sabe (o registo foi aberto antes da primeira gravação)`;
        return (
          <fieldset key={c.field} className="gestao-conflict__field">
            <legend>{label}</legend>
            <label>
              <input
                type="radio"
                name={name}
                checked={choices[c.field] === 'mine'}
                onChange={() => setChoices({ ...choices, [c.field]: 'mine' })}
              />{' '}
              <Trans>A sua alteração: {yours}</Trans>
            </label>
            <label>
              <input
                type="radio"
                name={name}
                checked={choices[c.field] === 'theirs'}
                onChange={() => setChoices({ ...choices, [c.field]: 'theirs' })}
              />{' '}
              <Trans>
                A alteração de {theirName}: {theirs}
              </Trans>
            </label>
            <p className="gestao-conflict__original">
              <Trans>Original: {original}</Trans>
            </p>
          </fieldset>
        );
      })}
      {missing && (
        <p className="gestao-field__error" role="alert">
          <Trans>Escolha uma das alterações em cada campo.</Trans>
        </p>
      )}
      <div className="gestao-actions">
        <button type="button" onClick={save}>
          <Trans>Guardar estas escolhas</Trans>
        </button>
        <button type="button" className="gestao-secondary" onClick={onTakeStored}>
          <Trans>Usar a versão guardada</Trans>
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

/** The form, once the copy of what was typed and not saved (if any) has been looked for. */
export function RecordForm(props: RecordFormProps) {
  const staff = useStaff();
  const { type, record, startFrom } = props;
  const id = record?.id;
  // A version put back on purpose wins over what was typed before; otherwise nothing typed is lost.
  const [typed, setTyped] = useState<{ key: string; copy: TypedCopy | undefined } | undefined>(undefined);
  const key = `${staff.id}:${type}/${id ?? ''}`;
  useEffect(() => {
    if (startFrom) return;
    let current = true;
    void typedBefore({ userId: staff.id, type, id }).then((copy) => current && setTyped({ key, copy }));
    return () => {
      current = false;
    };
  }, [staff.id, type, id, key, startFrom]);
  if (startFrom) return <LoadedRecordForm {...props} recoveredCopy={undefined} />;
  if (typed?.key !== key) {
    return (
      <p className="gestao-status" role="status">
        <Trans>A abrir o formulário…</Trans>
      </p>
    );
  }
  return <LoadedRecordForm {...props} recoveredCopy={typed.copy} />;
}

function LoadedRecordForm({
  type,
  record,
  blank,
  startFrom,
  options,
  onSaved,
  submitLabel,
  label,
  recoveredCopy,
}: RecordFormProps & { recoveredCopy: TypedCopy | undefined }) {
  const staff = useStaff();
  const { i18n, t } = useLingui();
  const formId = useId();
  const place: TypedPlace = { userId: staff.id, type, id: record?.id };
  const [base, setBase] = useState<RecordView | undefined>(record);
  // A copy typed over an older version is based on that version: the server merges it with what was saved since.
  const [readAt, setReadAt] = useState<ReadAt>(() =>
    record && recoveredCopy && recoveredCopy.baseVersion !== record.version
      ? { version: recoveredCopy.baseVersion, fields: undefined }
      : { version: record?.version ?? 0, fields: record?.fields },
  );
  const [conflict, setConflict] = useState<Conflict | undefined>(undefined);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | undefined>(undefined);
  const [recovered, setRecovered] = useState(recoveredCopy?.fields);
  const startValues = toValues(startFrom ?? base?.fields ?? blank ?? {});
  const formik = useRef<FormikProps<Values>>(null);
  /** The form now holds what the server has: nothing left to keep, nothing to recover. */
  const settle = (stored: RecordView) => {
    void forgetTyped(place);
    setRecovered(undefined);
    setConflict(undefined);
    setBase(stored);
    setReadAt({ version: stored.version, fields: stored.fields });
    formik.current?.resetForm({ values: toValues(stored.fields) });
  };
  const canCreate = mayCreate(staff.role, type);
  const isKey = (field: string) => record !== undefined && keyFields(type).includes(field);
  // A cancelled session stays cancelled (the server keeps it so): its status is greyed, with the reason.
  const cancelled = type === 'sessions' && record !== undefined && isCancelled(fieldText(base?.fields.status ?? ''));
  const cancelLocked = (field: string) => cancelled && CANCELLED_LOCKED_FIELDS.includes(field);
  const locked = (field: string) => isKey(field) || cancelLocked(field) || (record ? !mayChangeField(staff.role, type, field) : !canCreate);

  /** `overridden`: the fields where a settled conflict keeps this person's value over a colleague's, who is told. */
  async function save(values: Values, from: ReadAt, overridden: string[] = []) {
    setStatus(undefined);
    setServerErrors({});
    try {
      const fields = toFields(type, values);
      const saved = record
        ? await api(gestaoEndpoints.saveRecord, {
            params: { type, id: record.id },
            body: {
              baseVersion: from.version,
              fields,
              ...(from.fields ? { baseFields: from.fields } : {}),
              ...(overridden.length > 0 ? { overridden } : {}),
            },
          })
        : { ...(await api(gestaoEndpoints.createRecord, { params: { type }, body: { fields } })), merged: [] };
      settle(saved);
      setStatus({
        kind: 'ok',
        text:
          saved.merged.length > 0
            ? joinedSentence(i18n, type, saved.merged)
            : t`Guardado no rascunho. Publique para que os visitantes o vejam.`,
      });
      onSaved(saved);
    } catch (error) {
      if (!(error instanceof GestaoApiError)) throw error;
      if (error.status === 409) setConflict({ answer: error.body as unknown as ConflictAnswer, mine: values });
      else {
        setServerErrors((error.body.errors as Record<string, string> | undefined) ?? {});
        setStatus({ kind: 'error', text: error.message });
      }
    }
  }

  /** The record as the save would leave it, with the choice made in each conflicting field, saved over the stored version. */
  function saveChoices(current: Conflict, choices: Record<string, 'mine' | 'theirs'>) {
    const { stored, joined, conflicts } = current.answer;
    const values: Values = { ...toValues(joined ?? stored.fields) };
    for (const c of conflicts) if (choices[c.field] === 'mine') values[c.field] = current.mine[c.field]!;
    // Typed while the choices were open: that stays too.
    const now = formik.current?.values ?? current.mine;
    for (const f of Object.keys(now)) if (show(i18n, now[f]) !== show(i18n, current.mine[f])) values[f] = now[f]!;
    void formik.current?.setValues(values, false);
    const overridden = conflicts
      .filter((c) => choices[c.field] === 'mine' && show(i18n, c.mine) !== show(i18n, c.theirs))
      .map((c) => c.field);
    void save(values, { version: stored.version, fields: stored.fields }, overridden);
  }

  return (
    <Formik<Values>
      innerRef={formik}
      initialValues={recovered ? { ...startValues, ...toValues(recovered) } : startValues}
      validationSchema={RECORD_SCHEMAS[type]}
      onSubmit={(values) => save(values, readAt)}
    >
      {({ isSubmitting, dirty }) => (
        <Form className="gestao-form" noValidate aria-label={label}>
          <KeepTyped place={place} baseVersion={readAt.version} />
          <ReportUnsaved dirty={dirty} />
          {recovered && (
            <p className="gestao-status" role="status">
              <Trans>Recuperámos o que tinha escrito e não chegou a guardar.</Trans>
            </p>
          )}
          <div className="gestao-fields">
            {recordFields(type).map((name) => {
              const { list, label, localized, translation } = fieldOf(type, name)!;
              // A translation is drawn inside its field's group, its source never.
              if (translation) return null;
              const drawn = (slotName: string, slot?: Omit<SlotProps, 'name'>) => (
                <RecordField
                  key={slotName}
                  formId={formId}
                  type={type}
                  name={slotName}
                  locked={locked(slotName)}
                  lockReason={
                    isKey(slotName)
                      ? KEY_CHANGE_MESSAGE
                      : cancelLocked(slotName)
                        ? cancelledLockReason(fieldText(base?.fields.status_note ?? ''))
                        : fieldLockReason(type, slotName)
                  }
                  options={options}
                  serverError={serverErrors[slotName]}
                  {...(slot ? { slot } : {})}
                />
              );
              if (localized) return <TranslatedField key={name} name={name} renderField={({ name: n, ...slot }) => drawn(n, slot)} />;
              return list ? (
                <ItemList
                  key={name}
                  field={name}
                  list={list}
                  label={label}
                  formId={formId}
                  locked={locked(name)}
                  lockReason={fieldLockReason(type, name)}
                  options={options}
                  serverErrors={serverErrors}
                />
              ) : (
                drawn(name)
              );
            })}
          </div>
          {conflict && (
            <ConflictView
              formId={formId}
              type={type}
              conflict={conflict}
              onSave={(choices) => saveChoices(conflict, choices)}
              onTakeStored={() => settle(conflict.answer.stored)}
            />
          )}
          {/* The button and what its last press did stay in view at the foot of a long form. */}
          <div className="gestao-savebar">
            <StatusLine status={status} />
            <div className="gestao-actions">
              <button type="submit" disabled={isSubmitting || (!record && !canCreate)}>
                {submitLabel ?? <Trans>Guardar</Trans>}
              </button>
            </div>
          </div>
        </Form>
      )}
    </Formik>
  );
}
