/**
 * A horizontally paged list with left/right arrows (the spec's carousels): the page index starts
 * at 0, arrows move it within bounds and hide at the ends, and a change of items resets it. A
 * resize event fires 400 ms after an arrow click, as the spec asks, so lazy images re-measure.
 * A horizontal swipe pages as the arrows do, the track following the finger. The page may be
 * kept by the caller (in the address, so Back returns to it): `page` and `onPageChange`.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { startTransition, useEffect, useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { RESIZE_AFTER_ARROW_MS } from '../common/constants';
import { arrows, nextPage, pageCount } from '../common/page-blocks/paging';
import { useStateResetOn } from '../hooks/use-state-reset-on';
import { LAZY_ROOT_MARGIN } from './image';
import { adoptingServerHtml, AS_SERVER_SENT } from './server-html';
import './paged-list.css';

/** A swipe shorter than this, or more vertical than horizontal, is a scroll or a tap. */
const SWIPE_MIN_PX = 40;
const NO_KEYS: ReadonlySet<string> = new Set();
const without = (keys: ReadonlySet<string>, gone: string[]): ReadonlySet<string> => new Set([...keys].filter((key) => !gone.includes(key)));

interface Props<T> {
  items: T[];
  perPage: number;
  /** Changes of this key reset paging to the first page (when the list keeps its own page). */
  resetKey: unknown;
  label: string;
  className?: string;
  dimmed?: boolean;
  renderItem: (item: T, index: number) => ReactNode;
  itemKey: (item: T) => string;
  /** The page shown, kept by the caller; a page past the end shows the last one. */
  page?: number;
  onPageChange?: (page: number) => void;
  /** "Página 2 de 3" under the list (a phone's compact pages, where arrows alone say little). */
  showCount?: boolean;
}

export function PagedList<T>({
  items,
  perPage,
  resetKey,
  label,
  className = '',
  dimmed = false,
  renderItem,
  itemKey,
  page: keptPage,
  onPageChange,
  showCount = false,
}: Props<T>) {
  const { t } = useLingui();
  const [ownPage, setOwnPage] = useStateResetOn(0, [resetKey, perPage]);
  const pages = pageCount(items.length, perPage);
  const page = Math.min(keptPage ?? ownPage, pages - 1);
  const timer = useRef<number | undefined>(undefined);
  // The page offset is set through the CSSOM after mount: a style attribute in the server's HTML
  // would be refused by the Content-Security-Policy (no 'unsafe-inline').
  const track = useRef<HTMLUListElement>(null);
  const place = (dragPx = 0) => {
    const el = track.current;
    if (!el) return;
    el.style.transition = dragPx ? 'none' : '';
    el.style.transform = page || dragPx ? `translateX(calc(${-page * 100}% + ${dragPx}px))` : '';
  };
  useEffect(place);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const onPage = (index: number) => Math.floor(index / perPage) === page;
  // The other pages (off screen, inert) keep the server's HTML through hydration: a home's films,
  // sessions and news are hundreds of elements nobody can reach without turning pages. An item is
  // rendered for real, once and for good, when its page is shown, or before, as soon as it comes
  // within the reach of a lazy picture (Image's margin, so that its picture loads ahead of a swipe
  // as every other's does): that happens after hydration, in a transition React slices.
  const [asServerSent, setAsServerSent] = useState(() =>
    adoptingServerHtml() ? new Set(items.filter((_, index) => !onPage(index)).map(itemKey)) : NO_KEYS,
  );
  const shownNow =
    asServerSent.size > 0 ? items.filter((item, index) => onPage(index) && asServerSent.has(itemKey(item))).map(itemKey) : [];
  // Adjusting state while rendering (React renders again at once, before committing this render).
  if (shownNow.length > 0) setAsServerSent(without(asServerSent, shownNow));
  useEffect(() => {
    const list = track.current;
    if (!list || asServerSent.size === 0 || typeof IntersectionObserver === 'undefined') return;
    // The track's items are in the items' order.
    const keyOf = new Map<Element, string>();
    items.forEach((item, index) => {
      const element = list.children[index];
      if (element && asServerSent.has(itemKey(item))) keyOf.set(element, itemKey(item));
    });
    const observer = new IntersectionObserver(
      (entries) => {
        const reached = entries.filter((entry) => entry.isIntersecting).map((entry) => keyOf.get(entry.target) ?? '');
        if (reached.length > 0) startTransition(() => setAsServerSent((current) => without(current, reached)));
      },
      { root: list.parentElement, rootMargin: LAZY_ROOT_MARGIN },
    );
    for (const element of keyOf.keys()) observer.observe(element);
    return () => observer.disconnect();
  }, [asServerSent, items, itemKey]);
  const show = arrows(page, items.length, perPage);
  const shown = page + 1;
  const go = (direction: -1 | 1) => {
    const next = nextPage(page, direction, items.length, perPage);
    if (next === page) return;
    if (onPageChange) onPageChange(next);
    else setOwnPage(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => window.dispatchEvent(new Event('resize')), RESIZE_AFTER_ARROW_MS);
  };

  const touch = useRef<{ x: number; y: number; horizontal: boolean | null } | null>(null);
  const swipe = {
    onTouchStart: (event: TouchEvent) => {
      const t = event.touches[0];
      touch.current = event.touches.length === 1 && t ? { x: t.clientX, y: t.clientY, horizontal: null } : null;
    },
    onTouchMove: (event: TouchEvent) => {
      const start = touch.current;
      const t = event.touches[0];
      if (!start || !t) return;
      const dx = t.clientX - start.x;
      // The first clear movement decides: a vertical one scrolls the page and is left alone.
      start.horizontal ??= Math.abs(dx) > 8 || Math.abs(t.clientY - start.y) > 8 ? Math.abs(dx) > Math.abs(t.clientY - start.y) : null;
      if (start.horizontal) place(dx);
    },
    onTouchEnd: (event: TouchEvent) => {
      const start = touch.current;
      touch.current = null;
      const t = event.changedTouches[0];
      place();
      if (!start || !t || !start.horizontal) return;
      const dx = t.clientX - start.x;
      if (Math.abs(dx) >= SWIPE_MIN_PX) go(dx < 0 ? 1 : -1);
    },
    onTouchCancel: () => {
      touch.current = null;
      place();
    },
  };

  return (
    <div className={`paged paged--per-${perPage} ${className}`} aria-roledescription={t`carrossel`} aria-label={label}>
      <button type="button" className="paged__arrow paged__arrow--left" onClick={() => go(-1)} hidden={!show.left} aria-label={t`Anterior`}>
        ‹
      </button>
      <div className="paged__viewport" {...swipe}>
        <ul ref={track} className={`paged__track${dimmed ? ' is-loading' : ''}`}>
          {items.map((item, index) => {
            const key = itemKey(item);
            const common = { className: 'paged__item', 'aria-hidden': !onPage(index), inert: onPage(index) ? undefined : true };
            // Another key once rendered for real: React replaces the adopted element, whose children it never knew.
            return asServerSent.has(key) ? (
              <li key={`${key}:server`} {...common} {...AS_SERVER_SENT} />
            ) : (
              <li key={key} {...common}>
                {renderItem(item, index)}
              </li>
            );
          })}
        </ul>
      </div>
      <button
        type="button"
        className="paged__arrow paged__arrow--right"
        onClick={() => go(1)}
        hidden={!show.right}
        aria-label={t`Seguinte`}
      >
        ›
      </button>
      {showCount && pages > 1 ? (
        <p className="paged__count" aria-live="polite">
          <Trans>
            Página {shown} de {pages}
          </Trans>
        </p>
      ) : null}
    </div>
  );
}
