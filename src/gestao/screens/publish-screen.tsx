/**
 * "Publicar": each record's draft, what it changes in the changelog's own words and whose it is,
 * chosen one by one; "Publicar" makes the chosen ones release N, "Agendar" sets them for a time.
 * Below, the releases, each restorable by an administrator after a confirmation.
 */
import { useEffect, useRef, useState } from 'react';
import type { DraftChoice, PendingDraft, ReleaseKind, ReleaseSummary, ScheduledDraft } from '../../common/gestao/api/answers';
import { collectionOf } from '../../common/gestao/collections';
import { plural } from '../../common/text/plural';
import { gestaoEndpoints } from '../../common/gestao/api/gestao-endpoints';
import { api, refusalMessage } from '../api';
import { useStaff } from '../staff-session';
import { useGestaoData, type GestaoData } from '../use-gestao-data';
import { ClashList } from '../clash-list';
import type { DraftClash } from '../../common/programme/grid';
import { StatusLine } from '../status-line';
import { lisbonMoment } from '../lisbon-format';
import { previewPath } from '../../common/gestao/preview-paths';
import { mayPreview, mayPublish } from '../../common/gestao/roles';

/** "3 alterações, de ana@… e rui@…": a scheduled publication's drafts and whose they are. */
function scheduledWhat(drafts: ScheduledDraft[] | null): string {
  if (drafts === null) return 'todo o rascunho';
  const authors = [...new Set(drafts.map((d) => d.by))];
  const whose = authors.length > 1 ? `${authors.slice(0, -1).join(', ')} e ${authors.at(-1)}` : (authors[0] ?? '');
  return `${plural(drafts.length, { one: 'uma alteração', other: '{n} alterações' })}, de ${whose}`;
}

/** Publishing the chosen drafts at a set time (Lisbon), and the publications set so far. */
function ScheduleRelease({ chosen }: { chosen: DraftChoice[] }) {
  const scheduled = useGestaoData(gestaoEndpoints.scheduledReleases);
  const [runAt, setRunAt] = useState('');
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | undefined>(undefined);
  const fail = (error: unknown) => setStatus({ kind: 'error', text: refusalMessage(error, 'Não foi possível agendar.') });
  return (
    <section aria-labelledby="agendar-titulo">
      <h2 id="agendar-titulo">Agendar</h2>
      <form
        className="gestao-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen.length === 0) {
            setStatus({ kind: 'error', text: 'Escolha pelo menos uma alteração em «Por publicar».' });
            return;
          }
          api(gestaoEndpoints.schedule, { body: { runAt, drafts: chosen } }).then((answer) => {
            const what = plural(chosen.length, {
              one: 'A alteração escolhida será publicada',
              other: 'As {n} alterações escolhidas serão publicadas',
            });
            setStatus({ kind: 'ok', text: `${what} a ${lisbonMoment(answer.runAt)}.` });
            scheduled.reload();
          }, fail);
        }}
      >
        <div className="gestao-field">
          <label htmlFor="agendar-hora">Publicar as alterações escolhidas a (hora de Lisboa)</label>
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
              {lisbonMoment(s.runAt)} · {s.createdBy} · {s.state} · {scheduledWhat(s.drafts)}
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
              setStatus({ kind: 'error', text: refusalMessage(error, 'Não foi possível criar a ligação.') }),
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

const draftKey = (d: DraftChoice) => `${d.type}/${d.id}`;

/**
 * One record's draft in "Por publicar": what publishing it changes, in the changelog's words,
 * whose change it is (who saved it last) and when, and the box that chooses it.
 */
function PendingDraftItem({ draft, chosen, onChoose }: { draft: PendingDraft; chosen: boolean; onChoose: (on: boolean) => void }) {
  const id = `rascunho-${draft.type}-${draft.id}`;
  const lines =
    draft.changelog.length > 0
      ? draft.changelog
      : [`${collectionOf(draft.type).page?.title ?? draft.type} ${draft.id}: sem diferenças para os visitantes`];
  return (
    <li className="gestao-draft">
      <input
        type="checkbox"
        id={id}
        checked={chosen}
        onChange={(e) => onChoose(e.target.checked)}
        aria-labelledby={`${id}-o-que`}
        aria-describedby={`${id}-quem`}
      />
      <div>
        <ul className="gestao-changelog" id={`${id}-o-que`}>
          {lines.map((line) => (
            <li key={line}>
              <ChangeLine text={line} />
            </li>
          ))}
        </ul>
        <p className="gestao-draft__by" id={`${id}-quem`}>
          de {draft.by}, {lisbonMoment(draft.at)}
        </p>
      </div>
    </li>
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
  /** The drafts left out of the next publication (every other one is chosen, those saved after the list was read too). */
  const [unchosen, setUnchosen] = useState<ReadonlySet<string>>(new Set());
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
      setStatus({ kind: 'error', text: refusalMessage(error, 'Não foi possível publicar.') });
      clashes.reload();
    } finally {
      setBusy(false);
    }
  }

  const pending = draft.data?.drafts ?? [];
  const chosen = pending.filter((d) => !unchosen.has(draftKey(d))).map(({ type, id }) => ({ type, id }));
  const choose = (d: DraftChoice, on: boolean) =>
    setUnchosen((was) => {
      const next = new Set(was);
      if (on) next.delete(draftKey(d));
      else next.add(draftKey(d));
      return next;
    });
  return (
    <>
      <h1>Publicar</h1>
      <section aria-labelledby="rascunho-titulo">
        <h2 id="rascunho-titulo">Por publicar</h2>
        {draft.data && pending.length === 0 && <p>Não há alterações por publicar.</p>}
        {pending.length > 0 && (
          <>
            <p id="rascunho-escolha">Publicar e Agendar publicam só as alterações escolhidas; as outras ficam por publicar.</p>
            <ul className="gestao-drafts" aria-describedby="rascunho-escolha">
              {pending.map((d) => (
                <PendingDraftItem key={draftKey(d)} draft={d} chosen={!unchosen.has(draftKey(d))} onChoose={(on) => choose(d, on)} />
              ))}
            </ul>
          </>
        )}
        {pending.length > 0 && <DraftClashes clashes={clashes} />}
        <StatusLine status={status} />
        {pending.length > 0 && (
          <button
            type="button"
            disabled={busy || chosen.length === 0}
            onClick={() =>
              void run(
                () => api(gestaoEndpoints.publish, { body: { drafts: chosen } }),
                (r) => `Publicação ${r.number} feita: os visitantes veem-na dentro de um minuto.`,
              )
            }
          >
            Publicar
          </button>
        )}
      </section>
      {mayPreview(staff.role) && <PreviewDraft />}
      <ScheduleRelease chosen={chosen} />
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
