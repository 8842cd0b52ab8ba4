import { HtmlBlock } from '../../primitives/html-block';
import './static-page.css';

/** A page of one title and the editors' HTML (team, presentation). */
export function StaticPage({ title, html, className }: { title: string; html: string | undefined; className: string }) {
  return (
    <article className={`page page--narrow static-page ${className}`}>
      <h1 className="page__title">{title}</h1>
      {html ? <HtmlBlock html={html} className="static-page__text" /> : null}
    </article>
  );
}
