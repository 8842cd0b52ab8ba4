/**
 * "Publicar": each record's draft, what it changes in the changelog's own words and whose it is,
 * chosen one by one; "Publicar" makes the chosen ones release N, "Agendar" sets them for a time.
 * Below, the releases, each restorable by an administrator after a confirmation.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type {
  DraftChoice,
  PendingDraft,
  ReleaseKind,
  ReleaseSummary,
  ScheduledDraft,
  ScheduledState,
} from '../../common/gestao/api/answers';
import { collectionOf } from '../../common/gestao/collections';
import { withValues } from '../../common/i18n/i18n';
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

const SCHEDULED_WHAT = msg({ message: '{count, plural, one {uma alteração} other {# alterações}}, de {whose}' });

/** "3 alterações, de ana@… e rui@…": a scheduled publication's drafts and whose they are. */
function scheduledWhat(drafts: ScheduledDraft[] | null, i18n: I18n): string {
  if (drafts === null) return i18n._(msg`todo o rascunho`);
  const authors = [...new Set(drafts.map((d) => d.by))];
  const others = authors.slice(0, -1).join(', ');
  const last = authors.at(-1) ?? '';
  const whose = authors.length > 1 ? i18n._(msg`${others} e ${last}`) : (authors[0] ?? '');
  return i18n._(withValues(SCHEDULED_WHAT, { count: drafts.length, whose }));
}

/** What a chosen set of drafts will do, `{when}` the time set. */
const SCHEDULED = msg({
  message:
    '{count, plural, one {A alteração escolhida será publicada a {when}.} other {As # alterações escolhidas serão publicadas a {when}.}}',
});

const SCHEDULED_STATES: Record<ScheduledState, MessageDescriptor> = {
  agendada: msg`agendada`,
  'a publicar': msg`a publicar`,
  publicada: msg`publicada`,
  cancelada: msg`cancelada`,
  falhou: msg`falhou`,
};

/** Publishing the chosen drafts at a set time (Lisbon), and the publications set so far. */
function ScheduleRelease({ chosen }: { chosen: DraftChoice[] }) {
  const scheduled = useGestaoData(gestaoEndpoints.scheduledReleases);
  const [runAt, setRunAt] = useState('');
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | undefined>(undefined);
  const { i18n, t } = useLingui();
  const fail = (error: unknown) => setStatus({ kind: 'error', text: refusalMessage(error, t`Não foi possível agendar.`) });
  return (
    <section aria-labelledby="agendar-titulo">
      <h2 id="agendar-titulo">
        <Trans>Agendar</Trans>
      </h2>
      <form
        className="gestao-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen.length === 0) {
            setStatus({ kind: 'error', text: t`Escolha pelo menos uma alteração em «Por publicar».` });
            return;
          }
          api(gestaoEndpoints.schedule, { body: { runAt, drafts: chosen } }).then((answer) => {
            const when = lisbonMoment(answer.runAt);
            setStatus({ kind: 'ok', text: i18n._(withValues(SCHEDULED, { count: chosen.length, when })) });
            scheduled.reload();
          }, fail);
        }}
      >
        <div className="gestao-field">
          <label htmlFor="agendar-hora">
            <Trans>Publicar as alterações escolhidas a (hora de Lisboa)</Trans>
          </label>
          <input id="agendar-hora" type="datetime-local" value={runAt} onChange={(e) => setRunAt(e.target.value)} />
        </div>
        <StatusLine status={status} />
        <div className="gestao-actions">
          <button type="submit">
            <Trans>Agendar</Trans>
          </button>
        </div>
      </form>
      {scheduled.data && scheduled.data.length > 0 && (
        <ul className="gestao-scheduled">
          {scheduled.data.map((s) => {
            const { releaseNumber } = s;
            return (
              <li key={s.id}>
                {lisbonMoment(s.runAt)} · {s.createdBy} · {i18n._(SCHEDULED_STATES[s.state])} · {scheduledWhat(s.drafts, i18n)}
                {releaseNumber !== null && <Trans> (publicação {releaseNumber})</Trans>}
                {s.message && ` — ${s.message}`}{' '}
                {s.state === 'agendada' && (
                  <button
                    type="button"
                    className="gestao-secondary"
                    onClick={() => void api(gestaoEndpoints.unschedule, { params: { id: s.id } }).then(scheduled.reload, fail)}
                  >
                    <Trans>Anular o agendamento</Trans>
                  </button>
                )}
              </li>
            );
          })}
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
  const { t } = useLingui();
  const until = link && lisbonMoment(link.expiresAt);
  return (
    <section aria-labelledby="pre-visualizar-titulo">
      <h2 id="pre-visualizar-titulo">
        <Trans>Pré-visualizar</Trans>
      </h2>
      <p>
        <Trans>
          <a href={previewPath('/')} target="_blank" rel="noopener">
            Pré-visualizar o site com o rascunho
          </a>{' '}
          (abre noutro separador)
        </Trans>
      </p>
      <StatusLine status={status} />
      <div className="gestao-actions">
        <button
          type="button"
          className="gestao-secondary"
          onClick={() => {
            setStatus(undefined);
            api(gestaoEndpoints.previewLink).then(setLink, (error: unknown) =>
              setStatus({ kind: 'error', text: refusalMessage(error, t`Não foi possível criar a ligação.`) }),
            );
          }}
        >
          <Trans>Criar uma ligação para quem não tem conta</Trans>
        </button>
      </div>
      {link && (
        <div className="gestao-status gestao-status--ok" role="status">
          <p>
            <Trans>Ligação de pré-visualização, válida até {until} (24 horas). Envie-a a quem deve ver o rascunho:</Trans>
          </p>
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
/**
 * The draft's clashes, those of the chosen changes first (the ones this publication answers for);
 * the rest of the draft's (other days and cities, changes left out) folded under them, so that
 * "Publicar" is not screens away under warnings about something else.
 */
function DraftClashes({ clashes, chosenSessions }: { clashes: GestaoData<DraftClash[]>; chosenSessions: ReadonlySet<number> }) {
  const { t } = useLingui();
  const list = clashes.data ?? [];
  if (list.length === 0) return null;
  const concerns = (c: DraftClash) => c.sessionIds.some((id) => chosenSessions.has(id));
  const mine = list.filter(concerns);
  const others = list.filter((c) => !concerns(c));
  const open = mine.filter((c) => c.severity === 'block' && !c.acceptance).length;
  const otherCount = others.length;
  return (
    <section aria-labelledby="conflitos-titulo">
      <h2 id="conflitos-titulo">
        <Trans>Conflitos das alterações escolhidas</Trans>
      </h2>
      <p>
        <Plural
          value={open}
          _0="Nenhum conflito impede a publicação."
          one="Um conflito impede a publicação: resolva-os na grelha ou aceite-os com motivo."
          other="# conflitos impedem a publicação: resolva-os na grelha ou aceite-os com motivo."
        />
      </p>
      {mine.length > 0 && <ClashList clashes={mine} idPrefix="publicar-conflito" onAccepted={clashes.reload} />}
      {otherCount > 0 && (
        <details className="gestao-folded">
          <summary>{t`Outros conflitos do rascunho (${otherCount}): sessões fora das alterações escolhidas`}</summary>
          <ClashList clashes={others} idPrefix="publicar-outro-conflito" onAccepted={clashes.reload} />
        </details>
      )}
    </section>
  );
}

const KIND_LABELS: Record<ReleaseKind, MessageDescriptor> = {
  publicacao: msg`Publicação`,
  reposicao: msg`Reposição`,
  importacao: msg`Importação`,
};

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
  const { t } = useLingui();
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="gestao-confirm" aria-labelledby={headingId}>
      {/* Focus moves here from the button that opened it, so a screen reader reads the question first. */}
      <h4 id={headingId} tabIndex={-1} ref={heading}>
        <Trans>Repor a publicação {number}?</Trans>
      </h4>
      {preview.error && <StatusLine status={{ kind: 'error', text: preview.error }} />}
      {preview.data && (
        <>
          <p>
            {preview.data.undoes.length > 0 ? (
              <Trans>Os visitantes deixam de ver:</Trans>
            ) : (
              <Trans>O site já está como na publicação {number}: nada muda para os visitantes.</Trans>
            )}
          </p>
          {preview.data.undoes.length > 0 && (
            <ul className="gestao-changelog" aria-label={t`O que a reposição desfaz`}>
              {preview.data.undoes.map((line) => (
                <li key={line}>
                  <ChangeLine text={line} />
                </li>
              ))}
            </ul>
          )}
          <p>
            {preview.data.draftStays.length > 0 ? (
              <Trans>Ficam no rascunho, por publicar (a reposição não os apaga; a próxima publicação publica-os):</Trans>
            ) : (
              <Trans>Não há alterações por publicar no rascunho.</Trans>
            )}
          </p>
          {preview.data.draftStays.length > 0 && (
            <ul className="gestao-changelog" aria-label={t`O que fica no rascunho`}>
              {preview.data.draftStays.map((line) => (
                <li key={line}>
                  <ChangeLine text={line} />
                </li>
              ))}
            </ul>
          )}
          <p>
            <Trans>Quem tiver aberto um destes registos num formulário terá de comparar versões antes de guardar.</Trans>
          </p>
          <div className="gestao-actions">
            <button type="button" disabled={busy} onClick={onConfirm}>
              <Trans>Repor</Trans>
            </button>
            <button type="button" className="gestao-secondary" onClick={onCancel}>
              <Trans>Voltar</Trans>
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
  const { t } = useLingui();
  const typeName = collectionOf(draft.type).page?.title ?? draft.type;
  const recordId = draft.id;
  const lines = draft.changelog.length > 0 ? draft.changelog : [t`${typeName} ${recordId}: sem diferenças para os visitantes`];
  const by = draft.by;
  const at = lisbonMoment(draft.at);
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
          <Trans>
            de {by}, {at}
          </Trans>
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
  const { i18n, t } = useLingui();

  async function run(action: () => Promise<ReleaseSummary>, done: (r: ReleaseSummary) => string) {
    setBusy(true);
    setStatus(undefined);
    try {
      const release = await action();
      setStatus({ kind: 'ok', text: done(release) });
      draft.reload();
      releases.reload();
    } catch (error) {
      setStatus({ kind: 'error', text: refusalMessage(error, t`Não foi possível publicar.`) });
      clashes.reload();
    } finally {
      setBusy(false);
    }
  }

  const pending = draft.data?.drafts ?? [];
  const chosen = pending.filter((d) => !unchosen.has(draftKey(d))).map(({ type, id }) => ({ type, id }));
  const chosenSessions = new Set(chosen.filter((d) => d.type === 'sessions').map((d) => Number(d.id)));
  const choose = (d: DraftChoice, on: boolean) =>
    setUnchosen((was) => {
      const next = new Set(was);
      if (on) next.delete(draftKey(d));
      else next.add(draftKey(d));
      return next;
    });
  return (
    <>
      <h1>
        <Trans>Publicar</Trans>
      </h1>
      <section aria-labelledby="rascunho-titulo">
        <h2 id="rascunho-titulo">
          <Trans>Por publicar</Trans>
        </h2>
        {draft.data && pending.length === 0 && (
          <p>
            <Trans>Não há alterações por publicar.</Trans>
          </p>
        )}
        {pending.length > 0 && (
          <>
            <p id="rascunho-escolha">
              <Trans>Publicar e Agendar publicam só as alterações escolhidas; as outras ficam por publicar.</Trans>
            </p>
            {pending.length > 1 && (
              <div className="gestao-actions gestao-choose-all">
                <button type="button" className="gestao-secondary" disabled={unchosen.size === 0} onClick={() => setUnchosen(new Set())}>
                  <Trans>Escolher todas ({pending.length})</Trans>
                </button>
                <button
                  type="button"
                  className="gestao-secondary"
                  disabled={chosen.length === 0}
                  onClick={() => setUnchosen(new Set(pending.map(draftKey)))}
                >
                  <Trans>Não escolher nenhuma</Trans>
                </button>
                <span role="status">
                  <Trans>
                    {chosen.length} de {pending.length} escolhidas
                  </Trans>
                </span>
              </div>
            )}
            <ul className="gestao-drafts" aria-describedby="rascunho-escolha">
              {pending.map((d) => (
                <PendingDraftItem key={draftKey(d)} draft={d} chosen={!unchosen.has(draftKey(d))} onChoose={(on) => choose(d, on)} />
              ))}
            </ul>
          </>
        )}
        {pending.length > 0 && <DraftClashes clashes={clashes} chosenSessions={chosenSessions} />}
        <StatusLine status={status} />
        {pending.length > 0 && (
          <button
            type="button"
            disabled={busy || chosen.length === 0}
            onClick={() =>
              void run(
                () => api(gestaoEndpoints.publish, { body: { drafts: chosen } }),
                ({ number }) => t`Publicação ${number} feita: os visitantes veem-na dentro de um minuto.`,
              )
            }
          >
            <Trans>Publicar</Trans>
          </button>
        )}
      </section>
      {mayPreview(staff.role) && <PreviewDraft />}
      <ScheduleRelease chosen={chosen} />
      <section aria-labelledby="publicacoes-titulo">
        <h2 id="publicacoes-titulo">
          <Trans>Publicações</Trans>
        </h2>
        <ol className="gestao-releases" reversed>
          {releases.data?.map((release, index) => {
            const { number } = release;
            return (
              <li key={release.number}>
                <h3>
                  {i18n._(KIND_LABELS[release.kind])} {release.number} · {lisbonMoment(release.publishedAt)} · {release.publishedBy}
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
                    <Trans>Repor a publicação {number}</Trans>
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
                        (made) => {
                          const madeAs = made.number;
                          return t`O site voltou à publicação ${number} (feita como publicação ${madeAs}).`;
                        },
                      );
                    }}
                  />
                )}
              </li>
            );
          })}
        </ol>
      </section>
    </>
  );
}
