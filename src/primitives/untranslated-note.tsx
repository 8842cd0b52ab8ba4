import { Trans } from '@lingui/react/macro';
import type { Written } from '../hooks/use-content-lang';
import './untranslated-note.css';

/** Said beside a text shown in pt-PT because it has no translation yet: quiet, in the page's language. */
export function UntranslatedNote({ written }: { written: Written | undefined }) {
  return written?.fallback ? (
    <p className="untranslated-note">
      <Trans>Ainda sem tradução: este texto está em português.</Trans>
    </p>
  ) : null;
}
