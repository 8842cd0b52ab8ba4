import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { Card, NewsItem } from '../common/api/api-types';
import { PARALLEL_EVENTS } from '../common/constants';
import { Image, pictureOf } from './image';
import './cards.css';
import { newsItemPath, workPath } from '../common/addresses/page-paths';
import { useContentLang, useWritten } from '../hooks/use-content-lang';
import { ContentText } from './content-text';

/** Grid size 3 uses the wide card class; other sizes the narrower one (4 per row on large screens). */
function cardClass(gridSize: number): string {
  return gridSize === 3 ? 'card card--wide' : 'card card--narrow';
}

/**
 * A film or parallel event as a card; a parallel event carries the EVENTOS PARALELOS label, and
 * the section tag may select that section. `titleAs` keeps the heading outline right: h2 in a
 * page's grid, h3 inside a block.
 */
export function WorkCard({
  item,
  gridSize = 3,
  onTag,
  titleAs: Title = 'h3',
}: {
  item: Card;
  gridSize?: number;
  onTag?: (tag: string) => void;
  titleAs?: 'h2' | 'h3';
}) {
  const isFilm = item.ismovie === '1';
  const { i18n } = useLingui();
  const written = useWritten(item);
  const contentLang = useContentLang(written('title').lang);
  // A section's name is translated with the card's words: in the page's language once the answer has one.
  const tagLang = useContentLang(written('name').lang);
  return (
    <article className={`${cardClass(gridSize)}${isFilm ? '' : ' card--event'}${item.highlight === '1' ? ' card--highlight' : ''}`}>
      <Link to={workPath(item)} className="card__link">
        <Image src={item.thumb} alt="" width={480} height={270} className="card__thumb" />
        {isFilm ? null : <span className="card__label">{i18n._(PARALLEL_EVENTS)}</span>}
        <Title className="card__title" lang={contentLang}>
          {item.title}
        </Title>
      </Link>
      {item.highlight === '1' ? (
        <span className="card__flag">
          <Trans>Destaque</Trans>
        </span>
      ) : null}
      {item.name ? (
        onTag ? (
          <button type="button" className="card__tag" lang={tagLang} onClick={() => onTag(item.name)}>
            {item.name}
          </button>
        ) : (
          <span className="card__tag" lang={tagLang}>
            {item.name}
          </span>
        )
      ) : null}
      <ContentText className="card__text" text={item.logline} written={{ ...written('logline'), fallback: false }} />
    </article>
  );
}

export function NewsCard({ news, gridSize = 3 }: { news: NewsItem; gridSize?: number }) {
  const written = useWritten(news);
  const contentLang = useContentLang(written('title').lang);
  const summaryLang = useContentLang(written('summary').lang);
  return (
    <article className={cardClass(gridSize)}>
      <Link to={newsItemPath(news.id)} className="card__link">
        {/* Beside its title the picture adds nothing to read (alt=""); cropped, it keeps its focal point. */}
        <Image src={news.thumb} alt="" width={480} height={270} className="card__thumb" focus={pictureOf(news.pictures, news.thumb)} />
        <p className="card__date">{news.pretty_date}</p>
        <h3 className="card__title" lang={contentLang}>
          {news.title}
        </h3>
      </Link>
      <p className="card__text" lang={summaryLang}>
        {news.summary}
      </p>
    </article>
  );
}
