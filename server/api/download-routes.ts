/**
 * Downloads of press items and programme attachments: the bytes the import wrote for the file
 * name of the id's row. Nothing from the request names a file, and nothing is read from disk.
 */
import type { AppDeps } from '../deps';
import { contentFileData } from '../db/repositories/content/content-files-repository';
import { pressFile } from '../db/repositories/content/press-repository';
import { attachmentFile } from '../db/repositories/programme/festival-programme-repository';
import { notFound } from './http-errors';
import type { FileHandlers } from './endpoint-registration';

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function downloadName(title: string, fileName: string): string {
  const extension = fileName.includes('.') ? fileName.slice(fileName.lastIndexOf('.')) : '';
  const stem =
    title
      .replace(/[\\/:*?"<>|]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 100) || 'ficheiro';
  return `${stem}${extension}`;
}

export function downloadHandlers({ db }: AppDeps): Omit<FileHandlers, 'agendaFeed' | 'changesFeed'> {
  const send = async (
    row: { file_name: string; mime: string; title: string } | undefined,
    reply: { header: (k: string, v: string) => unknown; type: (t: string) => unknown },
    missing: string,
  ) => {
    if (!row) throw notFound(missing);
    const data = await contentFileData(db, row.file_name);
    if (!data) throw notFound(missing);
    reply.type(row.mime);
    reply.header('content-disposition', contentDisposition(downloadName(row.title, row.file_name)));
    reply.header('x-content-type-options', 'nosniff');
    return data;
  };
  return {
    downloadPress: async ({ params, reply }) => send(await pressFile(db, Number(params.id)), reply, 'Material de imprensa não encontrado.'),
    downloadAttachment: async ({ params, reply }) => send(await attachmentFile(db, Number(params.id)), reply, 'Anexo não encontrado.'),
  };
}
