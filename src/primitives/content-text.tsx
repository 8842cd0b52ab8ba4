import { IN_PORTUGUESE, useContentLang, type Written } from '../hooks/use-content-lang';
import { UntranslatedNote } from './untranslated-note';

/**
 * A paragraph of what the festival's staff wrote (a logline, a film's keywords), only when there is
 * one, marked with the language it is written in on a page in another (with a note when it is the
 * pt-PT shown for want of a translation).
 */
export function ContentText({
  text,
  className,
  written = IN_PORTUGUESE,
}: {
  text: string | null | undefined;
  className: string;
  written?: Written;
}) {
  const lang = useContentLang(written.lang);
  return text ? (
    <>
      <p className={className} lang={lang}>
        {text}
      </p>
      <UntranslatedNote written={written} />
    </>
  ) : null;
}
