/**
 * The DOWNLOAD button of press items and programme attachments: a plain link the browser saves.
 * A file kept on this device is marked so, and opens offline; offline, a file not kept says that
 * it needs a connection instead of failing.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { Locale } from '../common/i18n/locales';
import { useLocale } from '../hooks/use-locale';
import { useOnline } from '../hooks/use-online';
import { bytesIn, KeepOfflineButton, useKept } from './keep-offline';
import { OfflineNote } from './offline-note';
import './download-link.css';

const MIME_LABELS: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/zip': 'ZIP',
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
};

/** "PDF · 24 KB": the file's kind and size, in the page's notation. */
function fileInfo(mime: string, size: number, locale: Locale): string {
  const kind = MIME_LABELS[mime] ?? (mime.split('/')[1] ?? '').toUpperCase();
  const amount = bytesIn(size, locale);
  return kind ? `${kind} · ${amount}` : amount;
}

interface Props {
  href: string;
  /** What the file is, read to screen readers after "DOWNLOAD". */
  itemTitle: string;
  mime?: string;
  size?: number;
}

export function DownloadLink({ href, itemTitle, mime, size }: Props) {
  const online = useOnline();
  const kept = useKept().has(href);
  const noteId = useId();
  const locale = useLocale();
  const { t } = useLingui();
  const reachable = online || kept;
  return (
    <div className={`download${kept ? ' is-kept' : ''}`}>
      <p className="download__row">
        {reachable ? (
          <a className="button download__button" href={href} download>
            <Trans>DOWNLOAD</Trans>
            <span className="visually-hidden">: {itemTitle}</span>
          </a>
        ) : (
          <button type="button" className="button download__button" disabled aria-describedby={noteId}>
            <Trans>DOWNLOAD</Trans>
            <span className="visually-hidden">: {itemTitle}</span>
          </button>
        )}
        {size ? <span className="download__info">{fileInfo(mime ?? '', size, locale)}</span> : null}
        {kept ? (
          <span className="download__kept">
            <Trans>Guardado neste dispositivo</Trans>
          </span>
        ) : null}
        <KeepOfflineButton href={href} itemTitle={itemTitle} />
      </p>
      {reachable ? null : (
        <OfflineNote id={noteId}>{t`Sem ligação: este ficheiro não foi guardado neste dispositivo e precisa de internet.`}</OfflineNote>
      )}
    </div>
  );
}
