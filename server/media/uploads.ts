/**
 * What the back office's uploads become, judged by their content and never by their name: a
 * picture is whatever sharp decodes as JPEG, PNG, WebP or AVIF, within the pixel limit, and is
 * stored re-encoded (orientation applied, every metadata block, EXIF and GPS included, left
 * behind); a PDF is whatever pdf-lib parses as one.
 */
import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import sharp, { type Metadata } from 'sharp';
import { MAX_PICTURE_MEGAPIXELS, UPLOAD_MESSAGES } from '../../src/common/gestao/media';
import { HttpError } from '../api/http-errors';

/** Wider than any place a page shows a picture at 2x (the detail poster is 1280 CSS px at most). */
const MAX_STORED_SIDE = 2560;
const FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

export interface PreparedPicture {
  path: string;
  mime: 'image/jpeg' | 'image/png';
  data: Buffer;
  width: number;
  height: number;
}

const contentName = (data: Buffer) => createHash('sha256').update(data).digest('hex').slice(0, 32);

export async function preparePicture(upload: Buffer): Promise<PreparedPicture> {
  const limitInputPixels = MAX_PICTURE_MEGAPIXELS * 1_000_000;
  let metadata: Metadata;
  try {
    metadata = await sharp(upload, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(415, UPLOAD_MESSAGES.notPicture);
  }
  // HEIF holds AVIF (AV1) and the phones' HEIC (HEVC): only the first is a format of the web.
  if (!metadata.format || !FORMATS.has(metadata.format) || (metadata.format === 'heif' && metadata.compression !== 'av1')) {
    throw new HttpError(415, UPLOAD_MESSAGES.notPicture);
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > limitInputPixels) throw new HttpError(413, UPLOAD_MESSAGES.tooManyPixels);
  try {
    // A picture with see-through parts (a logo) stays PNG; every other becomes a JPEG, which the
    // responsive pipeline copies to AVIF and WebP like the seed's photographs.
    const transparent = metadata.hasAlpha === true && !(await sharp(upload, { limitInputPixels }).stats()).isOpaque;
    // rotate() applies the EXIF orientation; sharp writes no metadata unless asked to.
    const image = sharp(upload, { limitInputPixels, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true });
    const { data, info } = await (transparent ? image.png({ compressionLevel: 9 }) : image.jpeg({ quality: 88, mozjpeg: true })).toBuffer({
      resolveWithObject: true,
    });
    return {
      path: `uploads/${contentName(data)}.${transparent ? 'png' : 'jpg'}`,
      mime: transparent ? 'image/png' : 'image/jpeg',
      data,
      width: info.width,
      height: info.height,
    };
  } catch {
    // Truncated or corrupt past its header.
    throw new HttpError(415, UPLOAD_MESSAGES.notPicture);
  }
}

/** The first line of every PDF: its version, %PDF-1.7 (ISO 32000). */
const PDF_HEADER = /^%PDF-\d\.\d/;

/** A PDF pdf-lib can open (structure, cross-reference and page tree), under a name made from its content. */
export async function preparePdf(upload: Buffer): Promise<{ fileName: string; data: Buffer }> {
  // From its first byte: pdf-lib finds a PDF after anything (an HTML page around it), and a browser
  // that sniffed the file would see that page.
  if (!PDF_HEADER.test(upload.subarray(0, 9).toString('latin1'))) throw new HttpError(415, UPLOAD_MESSAGES.notPdf);
  try {
    const document = await PDFDocument.load(upload, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true });
    if (document.getPageCount() < 1) throw new Error('no pages');
  } catch {
    throw new HttpError(415, UPLOAD_MESSAGES.notPdf);
  }
  return { fileName: `uploads/${contentName(upload)}.pdf`, data: upload };
}
