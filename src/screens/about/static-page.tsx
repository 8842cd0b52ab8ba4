import { useRequests } from '../../data/use-api';
import { useWritten } from '../../hooks/use-content-lang';
import { useLocale } from '../../hooks/use-locale';
import { HtmlBlock } from '../../primitives/html-block';
import { festivalTextsRequest } from '../../routing/route-kit';
import './static-page.css';

/** A page of one title and one of the festival's own texts (team, presentation), in the page's language. */
export function StaticPage({ title, text, className }: { title: string; text: 'teamHtml' | 'presentationHtml'; className: string }) {
  const texts = useRequests({ texts: festivalTextsRequest(useLocale()) }).texts.data;
  const written = useWritten(texts);
  const html = texts?.[text];
  return (
    <article className={`page page--narrow static-page ${className}`}>
      <h1 className="page__title">{title}</h1>
      {html ? <HtmlBlock html={html} className="static-page__text" written={written(text)} /> : null}
    </article>
  );
}
