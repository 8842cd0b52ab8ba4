import { Link } from 'react-router-dom';
import type { Card } from '../common/api-types';
import { cardClass, workPath } from './cards';
import { Image } from './image';

/** The label of items that are not films (ismovie other than '1'). */
export const PARALLEL_EVENTS_LABEL = 'EVENTOS PARALELOS';

/**
 * A film or parallel event in a page's grid (the title is an h2 under the page's h1); a parallel
 * event carries the EVENTOS PARALELOS label, and its section tag may select that section.
 */
export function WorkCard({ item, gridSize = 3, onTag }: { item: Card; gridSize?: number; onTag?: (tag: string) => void }) {
  const isFilm = item.ismovie === '1';
  return (
    <article className={`${cardClass(gridSize)}${isFilm ? '' : ' card--event'}${item.highlight === '1' ? ' card--highlight' : ''}`}>
      <Link to={workPath(item)} className="card__link">
        <Image src={item.thumb} alt="" width={480} height={270} className="card__thumb" />
        {isFilm ? null : <span className="card__label">{PARALLEL_EVENTS_LABEL}</span>}
        <h2 className="card__title">{item.title}</h2>
      </Link>
      {item.name ? (
        onTag ? (
          <button type="button" className="card__tag" onClick={() => onTag(item.name)}>
            {item.name}
          </button>
        ) : (
          <span className="card__tag">{item.name}</span>
        )
      ) : null}
      {item.logline ? <p className="card__text">{item.logline}</p> : null}
    </article>
  );
}
