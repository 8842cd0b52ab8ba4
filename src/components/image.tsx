import { useEffect, useRef, useState } from 'react';
import { useImageUrl } from './use-prefs';
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
}

/** A transparent placeholder of the image's own size, so that nothing moves when it arrives. */
const placeholder = (width: number, height: number) =>
  `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='${width}' height='${height}'/%3E`;

/**
 * An image of the content, with its intrinsic size. Lazy images render a placeholder on the server
 * and on the first client render (so hydration matches), then load their source when an
 * IntersectionObserver, rooted at the carousel that clips them if any, sees them near view.
 * One that fails to load is replaced by a placeholder of its size (class image--missing).
 */
export function Image({ src, alt, width, height, lazy = true, className }: Props) {
  const url = useImageUrl()(src);
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

  return (
    <img
      ref={ref}
      className={missing ? `${className ?? ''} image--missing`.trim() : className}
      src={missing || (lazy && !near) ? placeholder(width, height) : url}
      data-src={lazy && !near ? url : undefined}
      alt={alt}
      width={width}
      height={height}
      decoding="async"
      onError={missing ? undefined : () => setMissingUrl(url)}
    />
  );
}
