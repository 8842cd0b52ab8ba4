import { useEffect, useRef, useState } from 'react';
import { imageUrl } from '../common/images/image-url';
import { defaultSizes, hasVariants, variantSrcSet } from '../common/images/image-variants';
import { useImageBase } from '../hooks/use-prefs';
import './image.css';

/** Lazy images load when within 300 px vertically and 1000 px horizontally of view (spec section 9). */
export const LAZY_ROOT_MARGIN = '300px 1000px';

interface Props {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Below the fold: loads when it comes near the viewport (or near view inside a carousel). */
  lazy?: boolean;
  className?: string;
  /** The picture file's own width when it is shown smaller than it is (e.g. a 480 px thumb shown at 224). */
  sourceWidth?: number;
  /** Where a cropped picture keeps its subject (percent, steps of 5): an uploaded picture's focal point. */
  focus?: { focusX: number; focusY: number };
}

/** An item's `pictures` entry for a path (alt text and focal point of an uploaded picture). */
export type PictureDetails = { alt: string; focusX: number; focusY: number };

/**
 * The details of `path` among an item's pictures. An answer kept offline by an older version of
 * the site has no `pictures` at all: its pictures are then shown as before.
 */
export const pictureOf = (pictures: Record<string, PictureDetails> | undefined, path: string): PictureDetails | undefined =>
  pictures?.[path];

/**
 * The focal point as classes (image.css sets object-position from them): the site's CSP allows no
 * style attribute, and the steps of 5 % make 21 classes per axis.
 */
const focusClasses = (focus: Props['focus']) =>
  focus ? ` image--focused image--focus-x-${Math.round(focus.focusX / 5) * 5} image--focus-y-${Math.round(focus.focusY / 5) * 5}` : '';

/** A transparent placeholder of the image's own size, so that nothing moves when it arrives. */
const placeholder = (width: number, height: number) =>
  `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='${width}' height='${height}'/%3E`;

/**
 * An image of the content, with its intrinsic size. Lazy images render a placeholder on the server
 * and on the first client render (so hydration matches), then load their source when an
 * IntersectionObserver, rooted at the carousel that clips them if any, sees them near view.
 * One that fails to load is replaced by a placeholder of its size (class image--missing).
 */
export function Image({ src, alt, width, height, lazy = true, className: baseClass, sourceWidth = width, focus }: Props) {
  const className = `${baseClass ?? ''}${focusClasses(focus)}`.trim() || undefined;
  const base = useImageBase();
  const url = imageUrl(base, src);
  const ref = useRef<HTMLImageElement>(null);
  const [near, setNear] = useState(false);
  // A picture that cannot be had (offline and never kept, or gone) keeps its place, drawn by the
  // stylesheet: never the browser's broken-image icon. The alt text still names it.
  // Held by URL: the same element showing another picture tries that one.
  const [missingUrl, setMissingUrl] = useState<string | null>(null);
  const missing = missingUrl === url;

  useEffect(() => {
    const element = ref.current;
    if (!lazy || near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { root: element.closest('.paged__viewport'), rootMargin: LAZY_ROOT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [lazy, near]);

  const shown = !missing && !(lazy && !near);
  // Photographs of the site's media come in several widths and formats (src/common/images/image-variants.ts).
  const photograph = hasVariants(base, src);
  const responsive = shown && photograph;
  const sizes = responsive ? defaultSizes(width) : undefined;
  const img = (
    <img
      ref={ref}
      className={missing ? `${className ?? ''} image--missing`.trim() : className}
      src={shown ? url : placeholder(width, height)}
      srcSet={responsive ? variantSrcSet(base, src, sourceWidth, 'jpg') : undefined}
      sizes={sizes}
      data-src={lazy && !near ? url : undefined}
      alt={alt}
      width={width}
      height={height}
      decoding="async"
      // What is not lazy is at the top of its page: the largest paint waits for it.
      fetchPriority={lazy ? undefined : 'high'}
      onError={missing ? undefined : () => setMissingUrl(url)}
    />
  );
  if (!photograph) return img;
  // Always a <picture> for a photograph (display: contents), so the element is the same before
  // and after a lazy one loads; its sources only once it is to be shown.
  return (
    <picture className="picture">
      {responsive ? (
        <>
          <source type="image/avif" srcSet={variantSrcSet(base, src, sourceWidth, 'avif')} sizes={sizes} />
          <source type="image/webp" srcSet={variantSrcSet(base, src, sourceWidth, 'webp')} sizes={sizes} />
        </>
      ) : null}
      {img}
    </picture>
  );
}
