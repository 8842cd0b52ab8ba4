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
import { say } from './gestao-words';
import { RECORD_TYPES, type RecordType } from './roles';

export const MAX_UPLOAD_MB = 20;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;
/** Larger pictures would take seconds and hundreds of MB to decode: a camera's 40 MP is plenty. */
export const MAX_PICTURE_MEGAPIXELS = 40;

export const UPLOAD_MESSAGES = {
  tooLarge: say(
    /*i18n*/ { id: 'gestao.upload.tooLarge', message: 'O ficheiro tem mais de {max} MB: escolha um ficheiro mais pequeno.' },
    { max: MAX_UPLOAD_MB },
  ),
  notPicture: say(
    /*i18n*/ {
      id: 'gestao.upload.notPicture',
      message: 'O ficheiro não é uma imagem JPEG, PNG, WebP ou AVIF. Escolha uma fotografia ou um logótipo nesses formatos.',
    },
  ),
  tooManyPixels: say(
    /*i18n*/ { id: 'gestao.upload.tooManyPixels', message: 'A imagem tem mais de {max} megapíxeis: reduza-a antes de a carregar.' },
    { max: MAX_PICTURE_MEGAPIXELS },
  ),
  notPdf: say(/*i18n*/ { id: 'gestao.upload.notPdf', message: 'O ficheiro não é um PDF válido.' }),
  noFile: say(/*i18n*/ { id: 'gestao.upload.noFile', message: 'Escolha um ficheiro.' }),
};

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

const FOCAL = {
  horizontal: /*i18n*/ { id: 'gestao.focal.horizontal', message: 'horizontal' },
  vertical: /*i18n*/ { id: 'gestao.focal.vertical', message: 'vertical' },
  notNumber: /*i18n*/ { id: 'gestao.focal.notNumber', message: 'O ponto focal ({axis}) tem de ser um número.' },
  notWhole: /*i18n*/ { id: 'gestao.focal.notWhole', message: 'O ponto focal ({axis}) tem de ser um número inteiro.' },
  range: /*i18n*/ { id: 'gestao.focal.range', message: 'O ponto focal ({axis}) vai de 0 a 100 %.' },
  step: /*i18n*/ { id: 'gestao.focal.step', message: 'O ponto focal ({axis}) anda de {step} em {step} %.' },
  missing: /*i18n*/ { id: 'gestao.focal.missing', message: 'Indique o ponto focal ({axis}).' },
};

const focal = (which: keyof typeof FOCAL & ('horizontal' | 'vertical')) => {
  const axis = say(FOCAL[which]);
  return number()
    .typeError(say(FOCAL.notNumber, { axis }))
    .integer(say(FOCAL.notWhole, { axis }))
    .min(0, say(FOCAL.range, { axis }))
    .max(100, say(FOCAL.range, { axis }))
    .test('step', say(FOCAL.step, { axis, step: FOCAL_STEP }), (v) => v === undefined || v % FOCAL_STEP === 0)
    .required(say(FOCAL.missing, { axis }));
};

/** What an editor sets for an uploaded picture (PUT /gestao/api/media/pictures/:name). */
export const pictureDetailsSchema = object({
  alt: trimmedString(say(/*i18n*/ { id: 'gestao.picture.altNotText', message: 'O texto alternativo tem de ser texto.' }))
    .default('')
    .max(300, say(/*i18n*/ { id: 'gestao.picture.altTooLong', message: 'O texto alternativo não pode ter mais de 300 caracteres.' })),
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
