import { useContentLang } from '../hooks/use-content-lang';

/**
 * A paragraph of what the festival's staff wrote (a logline, a film's keywords), only when there is
 * one, marked with the language it is written in on a page in another.
 */
export function ContentText({ text, className }: { text: string | null | undefined; className: string }) {
  const lang = useContentLang();
  return text ? (
    <p className={className} lang={lang}>
      {text}
    </p>
  ) : null;
}
