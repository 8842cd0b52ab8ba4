/**
 * Responsive copies of the content's photographs: the server makes each picture at a few widths in
 * AVIF, WebP and JPEG (server/media/variant-copies.ts) and the pages offer them through
 * <picture>/srcset, so a phone downloads a 720 px AVIF where it used to get the 1280 px JPEG.
 *
 * A variant's address is the original's under `_/<width>/` with the format appended:
 * `/media/_/720/films/101-poster.jpg.avif` is films/101-poster.jpg, 720 px wide, as AVIF.
 */
import { DEFAULT_IMAGE_BASE, imageUrl } from './image-url';

/** The widths made, in CSS pixels of a 1x screen; no picture is ever enlarged past its own width. */
const VARIANT_WIDTHS = [240, 480, 720, 1280, 1600] as const;
export const VARIANT_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

export const VARIANT_MIME: Record<VariantFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };

const VARIANT_DIR = '_';
/** A relative path of the media folder, letters, digits, '-', '_' and '.' only, of a JPEG photograph. */
const PHOTO_PATH = /^[\w-]+(?:\/[\w-][\w.-]*)*\.jpe?g$/i;

/**
 * Whether a picture has variants: a JPEG of the site's own media folder. Logos (PNG) stay as they
 * are, and so does every picture when the editors point the image base elsewhere (a CDN of theirs).
 */
export const hasVariants = (base: string, path: string): boolean => base === DEFAULT_IMAGE_BASE && PHOTO_PATH.test(path);

export const variantPath = (path: string, width: number, format: VariantFormat): string => `${VARIANT_DIR}/${width}/${path}.${format}`;

/**
 * The widths offered for a picture `sourceWidth` pixels wide in one format: every variant width up
 * to its own; for JPEG those below it, and the original file itself at its own width.
 */
export const variantWidths = (sourceWidth: number, format: VariantFormat): number[] =>
  format === 'jpg'
    ? [...VARIANT_WIDTHS.filter((width) => width < sourceWidth), sourceWidth]
    : VARIANT_WIDTHS.filter((width) => width <= sourceWidth);

/** The widths of which a copy file is made: all those offered but the JPEG at the picture's own width (the original itself). */
export const copiedWidths = (sourceWidth: number, format: VariantFormat): number[] =>
  variantWidths(sourceWidth, format).filter((width) => format !== 'jpg' || width < sourceWidth);

/** The narrowest width made of every photograph (a smaller one is kept at its own size, never enlarged). */
const THUMBNAIL_WIDTH = VARIANT_WIDTHS[0];

/**
 * A small copy for a list or a library of pictures: the 240 px WebP, made of any photograph whatever
 * its width; a picture without variants (a PNG logo, another image base) as it is.
 */
export const thumbnailUrl = (base: string, path: string): string =>
  hasVariants(base, path) ? imageUrl(base, variantPath(path, THUMBNAIL_WIDTH, 'webp')) : imageUrl(base, path);

/** A srcset of one format (see variantWidths). */
export function variantSrcSet(base: string, path: string, sourceWidth: number, format: VariantFormat): string {
  return variantWidths(sourceWidth, format)
    .map((width) => {
      const url = format === 'jpg' && width === sourceWidth ? imageUrl(base, path) : imageUrl(base, variantPath(path, width, format));
      return `${url} ${width}w`;
    })
    .join(', ');
}

/** The sizes attribute of a picture shown at most `width` CSS pixels wide: the viewport's width below that. */
export const defaultSizes = (width: number): string => `(max-width: ${width}px) 100vw, ${width}px`;

export interface ParsedVariant {
  width: number;
  format: VariantFormat;
  /** The original's path in the media folder. */
  source: string;
}

/** Reads a variant's path inside the media folder (`_/720/films/101-poster.jpg.avif`), or null when it is not one. */
export function parseVariantPath(path: string): ParsedVariant | null {
  const match = /^_\/(\d+)\/(.+)\.(avif|webp|jpg)$/.exec(path);
  if (!match) return null;
  const width = Number(match[1]);
  const source = match[2]!;
  if (!(VARIANT_WIDTHS as readonly number[]).includes(width) || !PHOTO_PATH.test(source)) return null;
  return { width, format: match[3] as VariantFormat, source };
}

/** The original a variant's URL was made from (for the offline fallback), or null. */
export function variantSourceUrl(pathname: string, base = DEFAULT_IMAGE_BASE): string | null {
  if (!pathname.startsWith(base)) return null;
  const parsed = parseVariantPath(pathname.slice(base.length));
  return parsed ? `${base}${parsed.source}` : null;
}
