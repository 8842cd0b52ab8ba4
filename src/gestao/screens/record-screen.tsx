/**
 * One record: its form, and for a film its sessions (each its own record, with the film chosen),
 * added, changed and removed in the draft until someone publishes.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { blankRecord, fieldOf } from '../../common/gestao/collections';
import { fieldText, type RecordVersion, type RecordView } from '../../common/gestao/record-schemas';
import { mayCreate, mayPreview, type RecordType } from '../../common/gestao/roles';
import { previewPath } from '../../common/gestao/preview-paths';
import { newsItemPath, PAGE_PATTERNS, workPath } from '../../common/addresses/page-paths';
import { gestaoEndpoints } from '../../common/gestao/api/gestao-endpoints';
import { api, refusalMessage } from '../api';
import type { RecordOptions } from '../../common/gestao/record-schemas';
import { RecordForm, SAVED_MESSAGE } from '../record-form';
import { useStaff } from '../staff-session';
import { useGestaoData } from '../use-gestao-data';
import { recordName, recordPage } from './records-screen';
import { useScheduled } from '../states/scheduled-records';
import { STATE_LABELS, StatePill } from '../states/state-pill';
import { VersionChanges } from './version-changes';
import { isSourceColumn } from '../../common/gestao/translations';
import { lisbonMoment, sessionWhen } from '../lisbon-format';
import { RecordEditors } from '../record-editors';

function FilmSessions({ movieId, options }: { movieId: string; options: RecordOptions }) {
  const staff = useStaff();
  const { data, reload } = useGestaoData(gestaoEndpoints.records, { params: { type: 'sessions' }, query: { filme: movieId } });
  const [adding, setAdding] = useState(false);
  const [message, setMessage] = useState<string | undefined>(undefined);
  const { i18n, t } = useLingui();
  const venueName = (id: unknown) => options.venues.find((v) => v.id === Number(id))?.name ?? '';
  async function remove(session: RecordView) {
    setMessage(undefined);
    try {
      await api(gestaoEndpoints.deleteRecord, { params: { type: 'sessions', id: session.id }, query: { baseVersion: session.version } });
      reload();
    } catch (error) {
      setMessage(refusalMessage(error, t`Não foi possível apagar a sessão.`));
    }
  }
  return (
    <section className="gestao-sessions" aria-labelledby="sessoes-titulo">
      <h2 id="sessoes-titulo">
        <Trans>Sessões</Trans>
      </h2>
      {message && <p role="alert">{message}</p>}
      <ul>
        {data?.map((session) => {
          const when = sessionWhen(fieldText(session.fields.starts_at), venueName(session.fields.venue_id));
          return (
            <li key={session.id} className={`gestao-session gestao-session--${session.state}`}>
              <details>
                <summary>
                  {when} · {i18n._(STATE_LABELS[session.state])}
                </summary>
                {session.state !== 'apagado' && (
                  <>
                    <RecordForm
                      type="sessions"
                      record={session}
                      options={options}
                      onSaved={reload}
                      submitLabel={t`Guardar a sessão`}
                      label={t`Sessão de ${when}`}
                    />
                    {mayCreate(staff.role, 'sessions') && (
                      <button type="button" className="gestao-danger" onClick={() => void remove(session)}>
                        <Trans>Apagar a sessão</Trans>
                      </button>
                    )}
                  </>
                )}
              </details>
            </li>
          );
        })}
      </ul>
      {mayCreate(staff.role, 'sessions') &&
        (adding ? (
          <RecordForm
            type="sessions"
            record={undefined}
            blank={{ ...blankRecord('sessions'), movie_id: Number(movieId) }}
            options={options}
            submitLabel={t`Acrescentar a sessão`}
            label={t`Nova sessão`}
            onSaved={() => {
              setAdding(false);
              reload();
            }}
          />
        ) : (
          <button type="button" onClick={() => setAdding(true)}>
            <Trans>Nova sessão</Trans>
          </button>
        ))}
    </section>
  );
}

/** The record's own public page, for the types that have one (a film or event, a news item, the programme page). */
function publicPathOf(type: RecordType, record: RecordView): string | undefined {
  if (type === 'movies') return workPath({ id: record.id, ismovie: fieldText(record.fields.is_movie) });
  if (type === 'news') return newsItemPath(record.id);
  if (type === 'programme_entries') return PAGE_PATTERNS.programmeText;
  return undefined;
}

/** Every saved version of the record; one may be put back in the form, to be reviewed and saved as a new version. */
function RecordHistory({ type, id, onRestore }: { type: RecordType; id: string; onRestore: (v: RecordVersion) => void }) {
  const { data } = useGestaoData(gestaoEndpoints.recordHistory, { params: { type, id } });
  if (!data || data.length === 0) return null;
  const versions = data.length;
  return (
    <details className="gestao-history">
      <summary>
        <Trans>
          Histórico (<Plural value={versions} one="# versão" other="# versões" />)
        </Trans>
      </summary>
      <ol reversed>
        {data.map((v, index) => {
          const { version, releaseNumber, actorEmail } = v;
          const at = lisbonMoment(v.at);
          // A translation's source fingerprint changes with it: bookkeeping, not a change anyone made.
          const written = v.changedFields.filter((f) => !isSourceColumn(f));
          const changed = written.map((f) => fieldOf(type, f)?.label ?? f).join(', ');
          // Newest first: the version before is the next one listed.
          const previous = data[index + 1]?.fields;
          return (
            <li key={version}>
              <Trans>
                Versão {version} · {at} · {actorEmail}
              </Trans>
              {releaseNumber !== null && <Trans> · publicação {releaseNumber}</Trans>}
              {v.fields === null ? <Trans> · apagado</Trans> : ` · ${changed}`}{' '}
              {v.fields && (
                <button type="button" className="gestao-secondary" onClick={() => onRestore(v)}>
                  <Trans>Usar a versão {version}</Trans>
                </button>
              )}
              {v.fields && (
                <VersionChanges fields={v.fields} previous={previous} changed={written} labelOf={(f) => fieldOf(type, f)?.label ?? f} />
              )}
            </li>
          );
        })}
      </ol>
    </details>
  );
}

/** `fixedId`: a type with one record (the settings) opens it at the type's own address. */
export function RecordScreen({ type, fixedId }: { type: RecordType; fixedId?: string }) {
  const id = useParams().id ?? fixedId;
  const isNew = id === 'novo' || id === 'nova';
  const navigate = useNavigate();
  /** A new record, once saved, has its own address: the confirmation goes with it. */
  const justCreated = (useLocation().state as { created?: boolean } | null)?.created === true;
  const page = recordPage(type);
  const record = useGestaoData(gestaoEndpoints.record, isNew || id === undefined ? null : { params: { type, id } });
  const options = useGestaoData(gestaoEndpoints.recordOptions);
  const [restored, setRestored] = useState<RecordVersion | undefined>(undefined);
  /** Counts saves, so that the history lists the version just made. */
  const [saves, setSaves] = useState(0);
  /** The record as its last save left it: the header's state follows the draft just saved ("Alterado"), never the state it opened in. */
  const [lastSaved, setLastSaved] = useState<RecordView | undefined>(undefined);
  const restoredVersion = restored?.version;
  const { i18n } = useLingui();
  const title = isNew ? page.newLabel : record.data ? recordName(record.data, i18n, options.data) : '…';
  const staff = useStaff();
  const publicPath = record.data && record.data.state !== 'apagado' ? publicPathOf(type, record.data) : undefined;
  const scheduledAt = useScheduled().at;
  const shownState = record.data && lastSaved?.id === record.data.id ? lastSaved : record.data;
  return (
    <>
      {!fixedId && (
        <p>
          <Link to={`/${page.path}`}>← {page.title}</Link>
        </p>
      )}
      <h1>{title}</h1>
      {shownState && (
        <p>
          <StatePill state={shownState.state} scheduledAt={scheduledAt(shownState)} />
        </p>
      )}
      {!isNew && record.data && <RecordEditors type={type} id={record.data.id} />}
      {publicPath && mayPreview(staff.role) && (
        <p>
          <Trans>
            <a href={previewPath(publicPath)} target="_blank" rel="noopener">
              Pré-visualizar a página
            </a>{' '}
            (como ficará publicada, noutro separador)
          </Trans>
        </p>
      )}
      {justCreated && (
        <p className="gestao-status gestao-status--ok" role="status">
          {SAVED_MESSAGE}
        </p>
      )}
      {(record.error ?? options.error) && <p role="alert">{record.error ?? options.error}</p>}
      {restored && (
        <p className="gestao-status" role="status">
          <Trans>A versão {restoredVersion} está no formulário: reveja-a e guarde para a pôr no rascunho.</Trans>
        </p>
      )}
      {options.data && (isNew || record.data) && (
        <RecordForm
          key={`${record.data?.id ?? 'novo'}-${restored?.version ?? 'atual'}`}
          type={type}
          record={record.data}
          blank={blankRecord(type)}
          startFrom={restored?.fields ?? undefined}
          options={options.data}
          onSaved={(saved) => {
            setSaves((n) => n + 1);
            setLastSaved(saved);
            if (!isNew) return;
            // The new film is now one the sessions' form can choose.
            options.reload();
            void navigate(`/${page.path}/${saved.id}`, { replace: true, state: { created: true } });
          }}
        />
      )}
      {!isNew && record.data && <RecordHistory key={saves} type={type} id={record.data.id} onRestore={setRestored} />}
      {type === 'movies' && !isNew && options.data && record.data && <FilmSessions movieId={record.data.id} options={options.data} />}
    </>
  );
}
