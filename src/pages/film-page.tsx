import type { Movie } from '../common/api-types';
import { DetailLayout } from '../components/detail-layout';
import { EntryView } from '../components/entry-view';
import { HtmlBlock } from '../components/html-block';
import { SessionsList } from '../components/sessions-list';
import { TicketRequestForm } from '../components/ticket-request-form';
import { useRouteData } from '../route-kit';
import { filmRoute } from './film-route';

/** /filme/{id}: poster, title, director, keywords, logline, buy button, share, description, SESSÕES, FICHA TÉCNICA. */
export default function FilmPage() {
  const entry = useRouteData(filmRoute).movie;
  return <EntryView entry={entry}>{(movie) => <Film key={movie.id} movie={movie} />}</EntryView>;
}

function Film({ movie }: { movie: Movie }) {
  const buy =
    movie.buybtn_label && movie.buylink ? (
      <a className="button detail__buy" href={movie.buylink} target="_blank" rel="noopener noreferrer">
        {movie.buybtn_label}
      </a>
    ) : null;
  return (
    <DetailLayout
      kind="film"
      id={movie.id}
      poster={movie.poster}
      title={movie.title}
      videoUrl={movie.video_url}
      summary={movie.logline}
      lead={
        <>
          {movie.director ? <p className="detail__director">{`Realização: ${movie.director}`}</p> : null}
          {movie.keywords ? <p className="detail__keywords">{movie.keywords}</p> : null}
          {movie.logline ? <p className="detail__logline">{movie.logline}</p> : null}
        </>
      }
      actions={buy}
    >
      <HtmlBlock html={movie.description} className="detail__description" />
      <SessionsList sessions={movie.sessions} />
      <TicketRequestForm sessions={movie.sessions} action={`/filme/${movie.id}`} />
      {movie.technical_info.trim() ? (
        <section className="detail__section detail__technical">
          <h2 className="detail__heading">FICHA TÉCNICA</h2>
          <HtmlBlock html={movie.technical_info} />
        </section>
      ) : null}
    </DetailLayout>
  );
}
