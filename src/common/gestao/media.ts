/**
 * Uploads of the back office: the pictures of the records (re-encoded by the server, kept in the
 * database, named by their content as `uploads/<hash>.jpg|png`) with their alt text and focal
 * point, and the press items' PDFs. The limits, the messages and the details' Yup schema are
 * shared by the form and the server, so both say the same thing.
 */
// First, so that the schemas below are built with Yup's messages in pt-PT.
import '../forms/yup-locale';
import { number, object } from 'yup';
import { trimmedString } from '../forms/trimmed-string';
import { collectionOf, fieldOf, recordFields } from './collections';
import { RECORD_TYPES, type RecordType } from './roles';

export const MAX_UPLOAD_MB = 20;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;
/** Larger pictures would take seconds and hundreds of MB to decode: a camera's 40 MP is plenty. */
export const MAX_PICTURE_MEGAPIXELS = 40;

export const UPLOAD_MESSAGES = {
  tooLarge: `O ficheiro tem mais de ${MAX_UPLOAD_MB} MB: escolha um ficheiro mais pequeno.`,
  notPicture: 'O ficheiro não é uma imagem JPEG, PNG, WebP ou AVIF. Escolha uma fotografia ou um logótipo nesses formatos.',
  tooManyPixels: `A imagem tem mais de ${MAX_PICTURE_MEGAPIXELS} megapíxeis: reduza-a antes de a carregar.`,
  notPdf: 'O ficheiro não é um PDF válido.',
  noFile: 'Escolha um ficheiro.',
} as const;

export const isPictureField = (type: RecordType, field: string): boolean => fieldOf(type, field)?.input === 'picture';

/** The record fields that hold a picture of the media folder or an uploaded one (their collections say so). */
export const PICTURE_FIELDS: Partial<Record<RecordType, readonly string[]>> = Object.fromEntries(
  RECORD_TYPES.flatMap((type) => {
    const fields = recordFields(type).filter((name) => isPictureField(type, name));
    return fields.length > 0 ? [[type, fields] as const] : [];
  }),
);

/** What a record with pictures is called in a message ("a notícia «Abertura»"). */
export const PICTURE_RECORD_NOUNS: Partial<Record<RecordType, string>> = Object.fromEntries(
  Object.keys(PICTURE_FIELDS).map((type) => [type, collectionOf(type as RecordType).noun]),
);

/** An uploaded picture's path (what a record's picture field holds). */
export const UPLOADED_PICTURE = /^uploads\/[0-9a-f]{32}\.(?:jpg|png)$/;
export const isUploadedPicture = (path: unknown): boolean => typeof path === 'string' && UPLOADED_PICTURE.test(path);

/** The focal point moves in steps of 5 %: the public pages have one class per step (src/primitives/image.css). */
export const FOCAL_STEP = 5;

const focal = (axis: string) =>
  number()
    .typeError(`O ponto focal (${axis}) tem de ser um número.`)
    .integer(`O ponto focal (${axis}) tem de ser um número inteiro.`)
    .min(0, `O ponto focal (${axis}) vai de 0 a 100 %.`)
    .max(100, `O ponto focal (${axis}) vai de 0 a 100 %.`)
    .test('step', `O ponto focal (${axis}) anda de ${FOCAL_STEP} em ${FOCAL_STEP} %.`, (v) => v === undefined || v % FOCAL_STEP === 0)
    .required(`Indique o ponto focal (${axis}).`);

/** What an editor sets for an uploaded picture (PUT /gestao/api/media/pictures/:name). */
export const pictureDetailsSchema = object({
  alt: trimmedString('O texto alternativo tem de ser texto.')
    .default('')
    .max(300, 'O texto alternativo não pode ter mais de 300 caracteres.'),
  focal_x: focal('horizontal'),
  focal_y: focal('vertical'),
});

export interface UploadedPicture {
  path: string;
  mime: string;
  width: number;
  height: number;
  size: number;
  originalName: string;
  alt: string;
  focalX: number;
  focalY: number;
  uploadedBy: string;
  uploadedAt: string;
}

/** A PDF uploaded for a press item: the name its row gives, kept in content_files. */
export interface UploadedPdf {
  file_name: string;
  mime: 'application/pdf';
  size: number;
}
