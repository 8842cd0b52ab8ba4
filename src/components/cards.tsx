import { Link } from 'react-router-dom';
import type { Card, NewsItem } from '../common/api-types';
import { Image } from './image';

/** Where a film or parallel event opens: /filme/{id} when ismovie is '1', otherwise /actividade/{id}. */
export function workPath(item: { id: string; ismovie: string }): string {
  return item.ismovie === '1' ? `/filme/${item.id}` : `/actividade/${item.id}`;
}

/** Grid size 3 uses the wide card class; other sizes the narrower one (4 per row on large screens). */
export function cardClass(gridSize: number): string {
  return gridSize === 3 ? 'card card--wide' : 'card card--narrow';
}

export function FilmCard({ film, gridSize = 3, onTag }: { film: Card; gridSize?: number; onTag?: (tag: string) => void }) {
  return (
    <article className={`${cardClass(gridSize)}${film.highlight === '1' ? ' card--highlight' : ''}`}>
      <Link to={workPath(film)} className="card__link">
        <Image src={film.thumb} alt="" width={480} height={270} className="card__thumb" />
        <h3 className="card__title">{film.title}</h3>
      </Link>
      {film.highlight === '1' ? <span className="card__flag">Destaque</span> : null}
      {film.name ? (
        onTag ? (
          <button type="button" className="card__tag" onClick={() => onTag(film.name)}>
            {film.name}
          </button>
        ) : (
          <span className="card__tag">{film.name}</span>
        )
      ) : null}
      {film.logline ? <p className="card__text">{film.logline}</p> : null}
    </article>
  );
}

export function NewsCard({ news, gridSize = 3 }: { news: NewsItem; gridSize?: number }) {
  return (
    <article className={cardClass(gridSize)}>
      <Link to={`/noticia/${news.id}`} className="card__link">
        <Image src={news.thumb} alt="" width={480} height={270} className="card__thumb" />
        <p className="card__date">{news.pretty_date}</p>
        <h3 className="card__title">{news.title}</h3>
      </Link>
      <p className="card__text">{news.summary}</p>
    </article>
  );
}
