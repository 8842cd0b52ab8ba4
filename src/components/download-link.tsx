/** The DOWNLOAD button of press items and programme attachments: a plain link the browser saves. */
import { KeepOfflineButton } from './keep-offline';

const MIME_LABELS: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/zip': 'ZIP',
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
};

/** "PDF · 24 KB": the file's kind and size, in pt-PT notation. */
export function fileInfo(mime: string, size: number): string {
  const kind = MIME_LABELS[mime] ?? (mime.split('/')[1] ?? '').toUpperCase();
  const amount =
    size >= 1024 * 1024
      ? `${(size / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`
      : size >= 1024
        ? `${Math.round(size / 1024)} KB`
        : `${size} B`;
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
  return (
    <p className="download">
      <a className="button download__button" href={href} download>
        DOWNLOAD<span className="visually-hidden">: {itemTitle}</span>
      </a>
      {size ? <span className="download__info">{fileInfo(mime ?? '', size)}</span> : null}
      <KeepOfflineButton href={href} itemTitle={itemTitle} />
    </p>
  );
}
