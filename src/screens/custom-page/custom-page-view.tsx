/**
 * The four custom page templates (spec "Custom pages"): 1, poster at the side and the text in one
 * or two columns; 2, the same with the sidebar HTML beside the poster; 3, a large top image above
 * the text; 4, a mosaic of cards (linked to the film when movie_id is not 0) and a subsection.
 */
import { Link } from 'react-router-dom';
import type { CustomPage, CustomPageCard } from '../../common/api/api-types';
import { HtmlBlock } from '../../primitives/html-block';
import { Image } from '../../primitives/image';
import './custom-page-view.css';
import { filmPath } from '../../common/addresses/page-paths';
import { useContentLang, useWritten } from '../../hooks/use-content-lang';

type CustomTemplate = 1 | 2 | 3 | 4;

/** The template a custom page path asks for: /t1/... to /t4/... (1 when none matches). */
export function templateOfPath(pathname: string): CustomTemplate {
  const match = /^\/t([1-4])(?:\/|$)/.exec(pathname);
  return (match ? Number(match[1]) : 1) as CustomTemplate;
}

/** A mosaic card links to its film unless movie_id is '0' (or empty). */
function cardFilmPath(card: CustomPageCard): string | null {
  return card.movie_id && Number(card.movie_id) !== 0 ? filmPath(card.movie_id) : null;
}

function Title({ page }: { page: CustomPage }) {
  const contentLang = useContentLang(useWritten(page)('title').lang);
  return (
    <h1 className="page__title custom-page__title" lang={contentLang}>
      {page.title}
    </h1>
  );
}

function MainText({ page }: { page: CustomPage }) {
  const written = useWritten(page)('mainhtml');
  if (!page.mainhtml) return null;
  const columns = page.num_text_cols === 2 ? ' text-columns text-columns--2' : '';
  return <HtmlBlock html={page.mainhtml} className={`custom-page__text${columns}`} written={written} />;
}

function Poster({ page, className }: { page: CustomPage; className: string }) {
  return page.poster ? <Image src={page.poster} alt="" width={1280} height={720} lazy={false} className={className} /> : null;
}

function Sidebar({ page }: { page: CustomPage }) {
  const written = useWritten(page)('sidebarhtml');
  return page.sidebarhtml ? (
    <aside className="custom-page__sidebar">
      <HtmlBlock html={page.sidebarhtml} written={written} />
    </aside>
  ) : null;
}

function MosaicCard({ card }: { card: CustomPageCard }) {
  const to = cardFilmPath(card);
  const contentLang = useContentLang();
  const face = (
    <>
      <Image src={card.thumb} alt="" width={480} height={270} className="mosaic-card__thumb" />
      <h2 className="mosaic-card__title" lang={contentLang}>
        {card.title}
      </h2>
    </>
  );
  return (
    <article className="mosaic-card">
      {to ? (
        <Link to={to} className="mosaic-card__link">
          {face}
        </Link>
      ) : (
        face
      )}
      {card.description ? <p className="mosaic-card__text">{card.description}</p> : null}
    </article>
  );
}

export function CustomPageView({ page, template }: { page: CustomPage; template: CustomTemplate }) {
  const className = `page custom-page custom-page--t${template}`;
  if (template === 3) {
    return (
      <article className={className}>
        <Poster page={page} className="custom-page__top-image" />
        <div className="custom-page__columns">
          <div className="custom-page__main">
            <Title page={page} />
            <MainText page={page} />
          </div>
          <Sidebar page={page} />
        </div>
      </article>
    );
  }
  if (template === 4) {
    return (
      <article className={className}>
        <Title page={page} />
        <MainText page={page} />
        {page.cards.length > 0 ? (
          <ul className="mosaic">
            {page.cards.map((card, index) => (
              <li key={`${card.movie_id}-${index}`} className="mosaic__item">
                <MosaicCard card={card} />
              </li>
            ))}
          </ul>
        ) : null}
        {page.subsection_title || page.subsection_html ? (
          <section className="custom-page__subsection">
            {page.subsection_title ? <h2 className="custom-page__subsection-title">{page.subsection_title}</h2> : null}
            {page.subsection_html ? <HtmlBlock html={page.subsection_html} /> : null}
          </section>
        ) : null}
      </article>
    );
  }
  return (
    <article className={className}>
      <div className="custom-page__columns">
        <div className="custom-page__side">
          <Poster page={page} className="custom-page__poster" />
          {template === 2 ? <Sidebar page={page} /> : null}
        </div>
        <div className="custom-page__main">
          <Title page={page} />
          <MainText page={page} />
        </div>
      </div>
    </article>
  );
}
