import { useContentLang } from '../hooks/use-content-lang';

/** HTML written by the festival's editors; the server sanitized it when it was imported. */
export function HtmlBlock({
  html,
  className,
  as: Tag = 'div',
}: {
  html: string;
  className?: string;
  as?: 'div' | 'section' | 'figcaption';
}) {
  const lang = useContentLang();
  return <Tag className={className} lang={lang} dangerouslySetInnerHTML={{ __html: html }} />;
}
