import { Trans } from '@lingui/react/macro';
import { IN_PORTUGUESE, useContentLang, type Written } from '../hooks/use-content-lang';
import './content-text.css';

/** Said beside a text shown in pt-PT because it has no translation yet: quiet, in the page's language. */
export function UntranslatedNote({ written }: { written: Written | undefined }) {
  return written?.fallback ? (
    <p className="untranslated-note">
      <Trans>Ainda sem tradução: este texto está em português.</Trans>
    </p>
  ) : null;
}

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
