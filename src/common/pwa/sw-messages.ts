/** The messages page and service worker exchange: one typed bridge, both directions. */
export type PageToWorker = { type: 'SKIP_WAITING' } | { type: 'FLUSH_OUTBOX' };
export type WorkerToPage =
  | { type: 'OUTBOX_FLUSHED'; sent: number }
  /** A push told of a programme change (sw/push-notifications.ts): the page syncs the programme now. */
  | { type: 'PROGRAMME_PUSHED'; sessionId: string };

export const SW_CACHES = {
  pages: 'festa-pages',
  api: 'festa-api',
  images: 'festa-images',
  /** The card picture of every film, activity and news item, kept with the offline programme. */
  cardImages: 'festa-card-images',
  /** Press files and programme attachments the visitor chose to keep ("Guardar no dispositivo"). */
  files: 'festa-press-files',
} as const;

export const OFFLINE_SHELL_URL = '/offline-shell.html';
