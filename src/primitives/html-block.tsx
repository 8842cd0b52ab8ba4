import { IN_PORTUGUESE, useContentLang, type Written } from '../hooks/use-content-lang';
import { UntranslatedNote } from './content-text';

/**
 * HTML written by the festival's editors; the server sanitized it when it was imported. In the
 * language `written` says (pt-PT unless the answer had it translated), with a note when it is the
 * pt-PT shown for want of a translation.
 */
export function HtmlBlock({
  html,
  className,
  as: Tag = 'div',
  written = IN_PORTUGUESE,
}: {
  html: string;
  className?: string;
  as?: 'div' | 'section' | 'figcaption';
  written?: Written;
}) {
  const lang = useContentLang(written.lang);
  return (
    <>
      <Tag className={className} lang={lang} dangerouslySetInnerHTML={{ __html: html }} />
      {html.trim() ? <UntranslatedNote written={written} /> : null}
    </>
  );
}
