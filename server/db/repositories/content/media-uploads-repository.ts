/** The pictures uploaded in /gestao (table media_uploads): their bytes, alt text and focal point. */
import { isUploadedPicture, type UploadedPicture } from '../../../../src/common/gestao/media';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../database';
import type { MediaUploadsTable } from '../../schema';

type Meta = Omit<Selectable<MediaUploadsTable>, 'data'>;

const toPicture = (row: Meta): UploadedPicture => ({
  path: row.path,
  mime: row.mime,
  width: Number(row.width),
  height: Number(row.height),
  size: Number(row.size),
  originalName: row.original_name,
  alt: row.alt,
  focalX: Number(row.focal_x),
  focalY: Number(row.focal_y),
  uploadedBy: row.uploaded_by,
  uploadedAt: row.uploaded_at,
});

const META = [
  'path',
  'mime',
  'width',
  'height',
  'size',
  'original_name',
  'alt',
  'focal_x',
  'focal_y',
  'uploaded_by',
  'uploaded_at',
] as const;

/** Stores a picture; the same bytes uploaded again keep the first row (its alt text and focal point). */
export async function insertUploadedPicture(
  db: Db,
  row: Omit<Insertable<MediaUploadsTable>, 'alt' | 'focal_x' | 'focal_y'>,
): Promise<UploadedPicture> {
  await db
    .insertInto('media_uploads')
    .values(row)
    .onConflict((c) => c.column('path').doNothing())
    .execute();
  return (await uploadedPicture(db, row.path))!;
}

export async function uploadedPicture(db: Db, path: string): Promise<UploadedPicture | undefined> {
  const row = await db.selectFrom('media_uploads').select(META).where('path', '=', path).executeTakeFirst();
  return row ? toPicture(row) : undefined;
}

/** Every uploaded picture, newest first (the forms' "pick an uploaded one"). */
export async function listUploadedPictures(db: Db): Promise<UploadedPicture[]> {
  const rows = await db.selectFrom('media_uploads').select(META).orderBy('uploaded_at', 'desc').orderBy('path').execute();
  return rows.map(toPicture);
}

/** The bytes of an uploaded picture, and when it was stored (for Last-Modified and the variants' freshness). */
export async function uploadedPictureData(db: Db, path: string): Promise<{ data: Buffer; mime: string; uploadedAt: Date } | undefined> {
  const row = await db.selectFrom('media_uploads').select(['data', 'mime', 'uploaded_at']).where('path', '=', path).executeTakeFirst();
  return row ? { data: Buffer.from(row.data), mime: row.mime, uploadedAt: new Date(row.uploaded_at) } : undefined;
}

/** Sets a picture's alt text and focal point; false when there is no such picture. */
export async function setPictureDetails(
  db: Db,
  path: string,
  details: { alt: string; focal_x: number; focal_y: number },
): Promise<boolean> {
  const result = await db.updateTable('media_uploads').set(details).where('path', '=', path).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The alt text and focal point of those of `paths` that are uploaded pictures. */
export async function pictureDetails(
  db: Db,
  paths: readonly string[],
): Promise<Map<string, { alt: string; focalX: number; focalY: number }>> {
  const wanted = [...new Set(paths)].filter(isUploadedPicture);
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('media_uploads').select(['path', 'alt', 'focal_x', 'focal_y']).where('path', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.path, { alt: r.alt, focalX: Number(r.focal_x), focalY: Number(r.focal_y) }]));
}

/** The public API's `pictures` of an item: alt text and focal point of those of `paths` that are uploaded pictures. */
export async function picturesForApi(
  db: Db,
  paths: readonly string[],
): Promise<Record<string, { alt: string; focusX: number; focusY: number }>> {
  const details = await pictureDetails(db, paths);
  return Object.fromEntries([...details].map(([path, d]) => [path, { alt: d.alt, focusX: d.focalX, focusY: d.focalY }]));
}
