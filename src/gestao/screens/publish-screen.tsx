/**
 * "Publicar": what the draft changes, in the changelog's own words, then one action that makes it
 * release N; below, the releases, each restorable by an administrator.
 */
import { useEffect, useRef, useState } from 'react';
import type { ReleaseKind, ReleaseSummary } from '../../common/gestao/api/answers';
import { gestaoEndpoints } from '../../common/gestao/api/gestao-endpoints';
import { api, GestaoApiError } from '../api';
import { useStaff } from '../staff-session';
import { useGestaoData, type GestaoData } from '../use-gestao-data';
import { ClashList } from '../clash-list';
import type { DraftClash } from '../../common/programme/grid';
import { StatusLine } from '../status-line';
import { lisbonMoment } from '../lisbon-format';
import { previewPath } from '../../common/gestao/preview-paths';
import { mayPreview, mayPublish } from '../../common/gestao/roles';

/** Publishing the draft at a set time (Lisbon), and the publications set so far. */
function ScheduleRelease() {
  const scheduled = useGestaoData(gestaoEndpoints.scheduledReleases);
  const [runAt, setRunAt] = useState('');
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | undefined>(undefined);
  const fail = (error: unknown) =>
    setStatus({ kind: 'error', text: error instanceof GestaoApiError ? error.message : 'Não foi possível agendar.' });
  return (
    <section aria-labelledby="agendar-titulo">
      <h2 id="agendar-titulo">Agendar</h2>
      <form
        className="gestao-form"
        onSubmit={(event) => {
          event.preventDefault();
          api(gestaoEndpoints.schedule, { body: { runAt } }).then((answer) => {
            setStatus({ kind: 'ok', text: `O rascunho será publicado a ${lisbonMoment(answer.runAt)}.` });
            scheduled.reload();
          }, fail);
        }}
      >
        <div className="gestao-field">
          <label htmlFor="agendar-hora">Publicar o rascunho a (hora de Lisboa)</label>
          <input id="agendar-hora" type="datetime-local" value={runAt} onChange={(e) => setRunAt(e.target.value)} />
        </div>
        <StatusLine status={status} />
        <div className="gestao-actions">
          <button type="submit">Agendar</button>
        </div>
      </form>
      {scheduled.data && scheduled.data.length > 0 && (
        <ul className="gestao-scheduled">
          {scheduled.data.map((s) => (
            <li key={s.id}>
              {lisbonMoment(s.runAt)} · {s.createdBy} · {s.state}
              {s.releaseNumber !== null && ` (publicação ${s.releaseNumber})`}
              {s.message && ` — ${s.message}`}{' '}
              {s.state === 'agendada' && (
                <button
                  type="button"
                  className="gestao-secondary"
                  onClick={() => void api(gestaoEndpoints.unschedule, { params: { id: s.id } }).then(scheduled.reload, fail)}
                >
                  Anular o agendamento
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The site as the draft would publish it: opened here (a new tab, the back office stays open), or
 * through a link valid 24 hours for someone without an account (a director, a sponsor).
 */
function PreviewDraft() {
  const [link, setLink] = useState<{ url: string; expiresAt: string } | undefined>(undefined);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | undefined>(undefined);
  return (
    <section aria-labelledby="pre-visualizar-titulo">
      <h2 id="pre-visualizar-titulo">Pré-visualizar</h2>
      <p>
        <a href={previewPath('/')} target="_blank" rel="noopener">
          Pré-visualizar o site com o rascunho
        </a>{' '}
        (abre noutro separador)
      </p>
      <StatusLine status={status} />
      <div className="gestao-actions">
        <button
          type="button"
          className="gestao-secondary"
          onClick={() => {
            setStatus(undefined);
            api(gestaoEndpoints.previewLink).then(setLink, (error: unknown) =>
              setStatus({ kind: 'error', text: error instanceof GestaoApiError ? error.message : 'Não foi possível criar a ligação.' }),
            );
          }}
        >
          Criar uma ligação para quem não tem conta
        </button>
      </div>
      {link && (
        <div className="gestao-status gestao-status--ok" role="status">
          <p>Ligação de pré-visualização, válida até {lisbonMoment(link.expiresAt)} (24 horas). Envie-a a quem deve ver o rascunho:</p>
          <p>
            <code className="gestao-link">{link.url}</code>
          </p>
        </div>
      )}
    </section>
  );
}

/**
 * The programme's clashes in the draft, before the button: a block one stops publishing until it is
 * resolved on the grid or accepted here with a reason.
 */
function DraftClashes({ clashes }: { clashes: GestaoData<DraftClash[]> }) {
  const list = clashes.data ?? [];
  if (list.length === 0) return null;
  const open = list.filter((c) => c.severity === 'block' && !c.acceptance).length;
  return (
    <section aria-labelledby="conflitos-titulo">
      <h2 id="conflitos-titulo">Conflitos do programa</h2>
      <p>
        {open === 0
          ? 'Nenhum conflito impede a publicação.'
          : `${open === 1 ? 'Um conflito impede' : `${open} conflitos impedem`} a publicação: resolva-os na grelha ou aceite-os com motivo.`}
      </p>
      <ClashList clashes={list} idPrefix="publicar-conflito" onAccepted={clashes.reload} />
    </section>
  );
}

const KIND_LABELS: Record<ReleaseKind, string> = { publicacao: 'Publicação', reposicao: 'Reposição', importacao: 'Importação' };

/**
 * The rollback's confirmation, before anything changes: what it undoes for visitors, the changes
 * still in the draft (they stay, to be published later), and that a form opened before it will ask
 * to compare versions.
 */
function ConfirmRestore({
  number,
  busy,
  onConfirm,
  onCancel,
}: {
  number: number;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const preview = useGestaoData(gestaoEndpoints.restorePreview, { params: { number } });
  const headingId = `repor-${number}-titulo`;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="gestao-confirm" aria-labelledby={headingId}>
      {/* Focus moves here from the button that opened it, so a screen reader reads the question first. */}
      <h4 id={headingId} tabIndex={-1} ref={heading}>
        Repor a publicação {number}?
      </h4>
      {preview.error && <StatusLine status={{ kind: 'error', text: preview.error }} />}
      {preview.data && (
        <>
          <p>
            {preview.data.undoes.length > 0
              ? 'Os visitantes deixam de ver:'
              : `O site já está como na publicação ${number}: nada muda para os visitantes.`}
          </p>
          {preview.data.undoes.length > 0 && (
            <ul className="gestao-changelog" aria-label="O que a reposição desfaz">
              {preview.data.undoes.map((line) => (
                <li key={line}>
                  <ChangeLine text={line} />
                </li>
              ))}
            </ul>
          )}
          <p>
            {preview.data.draftStays.length > 0
              ? 'Ficam no rascunho, por publicar (a reposição não os apaga; a próxima publicação publica-os):'
              : 'Não há alterações por publicar no rascunho.'}
          </p>
          {preview.data.draftStays.length > 0 && (
            <ul className="gestao-changelog" aria-label="O que fica no rascunho">
              {preview.data.draftStays.map((line) => (
                <li key={line}>
                  <ChangeLine text={line} />
                </li>
              ))}
            </ul>
          )}
          <p>Quem tiver aberto um destes registos num formulário terá de comparar versões antes de guardar.</p>
          <div className="gestao-actions">
            <button type="button" disabled={busy} onClick={onConfirm}>
              Repor
            </button>
            <button type="button" className="gestao-secondary" onClick={onCancel}>
              Voltar
            </button>
          </div>
        </>
      )}
    </section>
  );
}

/** "*O Verão de Ada*" in a changelog line: the title in italics. */
export function ChangeLine({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/(\*[^*]+\*)/)
        .map((part, i) => (part.startsWith('*') && part.endsWith('*') ? <em key={i}>{part.slice(1, -1)}</em> : part))}
    </>
  );
}

export function PublishScreen() {
  const staff = useStaff();
  const draft = useGestaoData(gestaoEndpoints.draft);
  const releases = useGestaoData(gestaoEndpoints.releases);
  const clashes = useGestaoData(gestaoEndpoints.clashes, mayPublish(staff.role) ? {} : null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  /** The release whose rollback waits for its confirmation. */
  const [confirming, setConfirming] = useState<number | undefined>(undefined);
  /** The release whose confirmation was left with "Voltar": its button takes the focus back. */
  const [declined, setDeclined] = useState<number | undefined>(undefined);
  const declinedButton = useRef<HTMLButtonElement>(null);
  useEffect(() => declinedButton.current?.focus(), [declined]);

  async function run(action: () => Promise<ReleaseSummary>, done: (r: ReleaseSummary) => string) {
    setBusy(true);
    setStatus(undefined);
    try {
      const release = await action();
      setStatus({ kind: 'ok', text: done(release) });
      draft.reload();
      releases.reload();
    } catch (error) {
      setStatus({ kind: 'error', text: error instanceof GestaoApiError ? error.message : 'Não foi possível publicar.' });
      clashes.reload();
    } finally {
      setBusy(false);
    }
  }

  const pending = draft.data?.changelog ?? [];
  return (
    <>
      <h1>Publicar</h1>
      <section aria-labelledby="rascunho-titulo">
        <h2 id="rascunho-titulo">Por publicar</h2>
        {draft.data && pending.length === 0 && <p>Não há alterações por publicar.</p>}
        {pending.length > 0 && (
          <ul className="gestao-changelog">
            {pending.map((line) => (
              <li key={line}>
                <ChangeLine text={line} />
              </li>
            ))}
          </ul>
        )}
        {pending.length > 0 && <DraftClashes clashes={clashes} />}
        <StatusLine status={status} />
        {pending.length > 0 && (
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              void run(
                () => api(gestaoEndpoints.publish),
                (r) => `Publicação ${r.number} feita: os visitantes veem-na dentro de um minuto.`,
              )
            }
          >
            Publicar
          </button>
        )}
      </section>
      {mayPreview(staff.role) && <PreviewDraft />}
      <ScheduleRelease />
      <section aria-labelledby="publicacoes-titulo">
        <h2 id="publicacoes-titulo">Publicações</h2>
        <ol className="gestao-releases" reversed>
          {releases.data?.map((release, index) => (
            <li key={release.number}>
              <h3>
                {KIND_LABELS[release.kind]} {release.number} · {lisbonMoment(release.publishedAt)} · {release.publishedBy}
              </h3>
              <ul>
                {release.changelog.map((line) => (
                  <li key={line}>
                    <ChangeLine text={line} />
                  </li>
                ))}
              </ul>
              {index > 0 && staff.role === 'administracao' && confirming !== release.number && (
                <button
                  type="button"
                  className="gestao-secondary"
                  disabled={busy}
                  ref={declined === release.number ? declinedButton : undefined}
                  onClick={() => {
                    setStatus(undefined);
                    setDeclined(undefined);
                    setConfirming(release.number);
                  }}
                >
                  Repor a publicação {release.number}
                </button>
              )}
              {confirming === release.number && (
                <ConfirmRestore
                  number={release.number}
                  busy={busy}
                  onCancel={() => {
                    setConfirming(undefined);
                    setDeclined(release.number);
                  }}
                  onConfirm={() => {
                    setConfirming(undefined);
                    void run(
                      () => api(gestaoEndpoints.restore, { params: { number: release.number } }),
                      (r) => `O site voltou à publicação ${release.number} (feita como publicação ${r.number}).`,
                    );
                  }}
                />
              )}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
