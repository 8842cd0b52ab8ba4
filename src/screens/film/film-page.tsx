import { Trans, useLingui } from '@lingui/react/macro';
import type { Movie } from '../../common/api/api-types';
import { filmFacts } from '../../common/films/film-facts';
import { DetailLayout } from '../../detail/detail-layout';
import { pictureOf } from '../../primitives/image';
import { EntryView } from '../../detail/entry-view';
import { HtmlBlock } from '../../primitives/html-block';
import { OfflineNote } from '../../primitives/offline-note';
import { useOnline } from '../../hooks/use-online';
import { SessionsList } from '../../detail/sessions-list';
import { FollowLine } from '../../primitives/session/follow-line';
import { TicketRequest } from './ticket-request';
export { loadWithPage as loadTicketFormWithPage } from './ticket-request';
import { useRouteData } from '../../routing/route-kit';
import { filmRoute } from './film-route';
import { filmPath } from '../../common/addresses/page-paths';
import { localizedPath, type Locale } from '../../common/i18n/locales';
import { useContentLang, useWritten } from '../../hooks/use-content-lang';
import { ContentText } from '../../primitives/content-text';

/**
 * /filme/{id}: poster, title, director, what a spectator asks first (duration, language,
 * subtitles), keywords, logline, buy button, share, description, SESSÕES, FICHA TÉCNICA.
 */
export default function FilmPage() {
  const entry = useRouteData(filmRoute).movie;
  return <EntryView entry={entry}>{(movie) => <Film key={movie.id} movie={movie} />}</EntryView>;
}

/** The ticket shop is another site: offline the button is shown disabled, saying why. */
function BuyButton({ label, href }: { label: string; href: string }) {
  const { t } = useLingui();
  const online = useOnline();
  if (online) {
    return (
      <a className="button detail__buy" href={href} target="_blank" rel="noopener noreferrer">
        {label}
      </a>
    );
  }
  return (
    <>
      <button type="button" className="button detail__buy" disabled aria-describedby="buy-offline">
        {label}
      </button>
      <OfflineNote id="buy-offline">{t`Sem ligação: a compra de bilhetes precisa de internet.`}</OfflineNote>
    </>
  );
}

function Film({ movie }: { movie: Movie }) {
  const buy = movie.buybtn_label && movie.buylink ? <BuyButton label={movie.buybtn_label} href={movie.buylink} /> : null;
  const { t, i18n } = useLingui();
  const facts = filmFacts(movie, i18n);
  const director = movie.director;
  // The films are Italian: their original titles are in Italian (an activity's is its title).
  const originalLang = useContentLang('it');
  const original = movie.original_title.trim() !== movie.title.trim() ? movie.original_title : '';
  const written = useWritten(movie);
  return (
    <DetailLayout
      kind="film"
      id={movie.id}
      poster={movie.poster}
      picture={pictureOf(movie.pictures, movie.poster)}
      title={movie.title}
      titleLang={written('title').lang}
      videoUrl={movie.video_url}
      summary={movie.logline}
      lead={
        <>
          {original ? (
            <p className="detail__original-title">
              <Trans>
                Título original: <span lang={originalLang}>{original}</span>
              </Trans>
            </p>
          ) : null}
          {director ? <p className="detail__director">{t`Realização: ${director}`}</p> : null}
          {facts.length > 0 ? (
            <ul className="detail__facts" aria-label={t`Sobre o filme`}>
              {facts.map((fact) => (
                <li key={fact}>{fact}</li>
              ))}
            </ul>
          ) : null}
          <FollowLine follow={movie.follow} className="detail__follow" />
          <ContentText className="detail__keywords" text={movie.keywords} />
          <ContentText className="detail__logline" text={movie.logline} written={written('logline')} />
        </>
      }
      actions={buy}
    >
      <HtmlBlock html={movie.description} className="detail__description" written={written('description')} />
      <SessionsList sessions={movie.sessions} durationMin={movie.duration_min} />
      {/* The form posts (without JavaScript) to the page in its own language: the answer speaks it too. */}
      <TicketRequest sessions={movie.sessions} action={localizedPath(filmPath(movie.id), i18n.locale as Locale)} />
      {movie.technical_info.trim() ? (
        <section className="detail__section detail__technical">
          <h2 className="detail__heading">
            <Trans>FICHA TÉCNICA</Trans>
          </h2>
          <HtmlBlock html={movie.technical_info} written={written('technical_info')} />
        </section>
      ) : null}
    </DetailLayout>
  );
}
