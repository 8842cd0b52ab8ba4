/**
 * Beside the grid, for the session clicked: what visitors read of its languages, subtitles, age
 * rating and access (its own, else its film's, as in the draft), and where to change them: the
 * film's screen, where its sessions are edited. A phone changes access at the door (Alterações de
 * última hora).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { ACCESS_LABELS } from '../../common/gestao/collections/follow-fields';
import type { GridSession } from '../../common/programme/grid';
import { recordPage } from './records-screen';

const codes = (list: readonly string[]) => list.map((c) => c.toUpperCase()).join(' ');

export function SessionFollowPanel({ session }: { session: GridSession }) {
  const { t, i18n } = useLingui();
  const { languages, subtitles, age_rating: age, access } = session.follow;
  const { title } = session;
  return (
    <section className="grid-follow" aria-labelledby="grelha-seguir">
      <h2 id="grelha-seguir">
        <Trans>Línguas e acessibilidade de «{title}»</Trans>
      </h2>
      <dl>
        <dt>
          <Trans>Falado em</Trans>
        </dt>
        <dd>{codes(languages) || t`por indicar`}</dd>
        <dt>
          <Trans>Legendas</Trans>
        </dt>
        <dd>{codes(subtitles) || t`sem legendas`}</dd>
        <dt>
          <Trans>Classificação</Trans>
        </dt>
        <dd>{age || t`a classificar`}</dd>
        <dt>
          <Trans>Acessibilidade</Trans>
        </dt>
        <dd>{access.length > 0 ? access.map((f) => i18n._(ACCESS_LABELS[f])).join('; ') : t`nenhuma`}</dd>
      </dl>
      <p>
        <Link to={`/${recordPage('movies').path}/${session.movie_id}`}>
          <Trans>Mudar nas sessões do filme</Trans>
        </Link>
      </p>
    </section>
  );
}
