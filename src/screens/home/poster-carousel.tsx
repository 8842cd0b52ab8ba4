/**
 * The poster carousel (every 3 s, full height: window − header − 26 px, on load and on resize)
 * and the banner carousel (every 5 s). Autoplay stops for prefers-reduced-motion, and pauses
 * while the pointer or the keyboard focus is inside.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { PosterItem } from '../../common/api/api-types';
import { POSTER_HEIGHT_OFFSET_PX } from '../../common/constants';
import { posterTarget } from '../../common/page-blocks/poster-links';
import { htmlToText } from '../../common/text/plain-text';
import { HtmlBlock } from '../../primitives/html-block';
import { writtenIn } from '../../hooks/use-content-lang';
import { useLocale } from '../../hooks/use-locale';
import { Image } from '../../primitives/image';
import { usePrefs } from '../../hooks/use-prefs';
import { usePrefersReducedMotion } from '../../hooks/use-window-width';
import { CAROUSEL_PICTURE } from '../../primitives/picture-sizes';
import './poster-carousel.css';

/** A slide's link is named by its caption, so that it says where it leads. */
function PosterLink({ item, position, children }: { item: PosterItem; position: string; children: React.ReactNode }) {
  const { t } = useLingui();
  const prefs = usePrefs();
  const target = posterTarget(item.link, prefs?.publicUrl ?? 'http://localhost');
  const name = htmlToText(item.description) || t`Destaque ${position}`;
  if (target.kind === 'internal') {
    return (
      <Link to={target.to} className="carousel__link" aria-label={name}>
        {children}
      </Link>
    );
  }
  return (
    <a
      href={target.href}
      target="_blank"
      rel="noopener noreferrer"
      className="carousel__link"
      aria-label={t`${name} (abre num novo separador)`}
    >
      {children}
    </a>
  );
}

interface Props {
  items: PosterItem[];
  intervalMs: number;
  kind: 'poster' | 'banner';
  label: string;
}

export function Carousel({ items, intervalMs, kind, label }: Props) {
  const { t } = useLingui();
  const locale = useLocale();
  const written = (item: PosterItem) => writtenIn(item, locale);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [height, setHeight] = useState<number | undefined>(undefined);
  const reducedMotion = usePrefersReducedMotion();
  const root = useRef<HTMLElement>(null);

  useEffect(() => {
    if (reducedMotion || paused || items.length < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % items.length), intervalMs);
    return () => window.clearInterval(timer);
  }, [reducedMotion, paused, items.length, intervalMs]);

  useEffect(() => {
    if (kind !== 'poster') return;
    const measure = () => {
      const header = document.querySelector('.site-header')?.getBoundingClientRect().height ?? 0;
      setHeight(Math.max(240, window.innerHeight - header - POSTER_HEIGHT_OFFSET_PX));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [kind]);

  const total = items.length;
  const slideOf = (i: number) => {
    const number = i + 1;
    return t`${number} de ${total}`;
  };

  if (items.length === 0) return null;
  return (
    <section
      ref={root}
      className={`carousel carousel--${kind}`}
      style={height ? { height } : undefined}
      aria-roledescription={t`carrossel`}
      aria-label={label}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget)) setPaused(false);
      }}
    >
      {items.map((item, i) => (
        // A slide is a group (the carousel pattern's role), which a <figure> may not take: a <div>.
        <div
          key={`${item.img}-${i}`}
          className={`carousel__slide${i === index ? ' is-active' : ''}`}
          aria-hidden={i !== index}
          inert={i !== index ? true : undefined}
          role="group"
          aria-roledescription={t`diapositivo`}
          aria-label={slideOf(i)}
        >
          <PosterLink item={item} position={slideOf(i)}>
            <Image src={item.img} alt="" {...CAROUSEL_PICTURE} lazy={kind === 'banner' || i > 0} className="carousel__image" />
          </PosterLink>
          {item.description ? (
            // A caption in pt-PT is marked so, without the note: a slide has no room for it.
            <HtmlBlock
              html={item.description}
              className="carousel__caption"
              written={{ lang: written(item)('description').lang, fallback: false }}
            />
          ) : null}
        </div>
      ))}
      {items.length > 1 ? (
        <div className="carousel__dots">
          {items.map((item, i) => (
            <button
              key={`${item.img}-dot-${i}`}
              type="button"
              className={`carousel__dot${i === index ? ' is-active' : ''}`}
              aria-label={t`Mostrar ${slideOf(i)}`}
              aria-pressed={i === index}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
