/**
 * A horizontally paged list with left/right arrows (the spec's carousels): the page index starts
 * at 0, arrows move it within bounds and hide at the ends, and a change of items resets it. A
 * resize event fires 400 ms after an arrow click, as the spec asks, so lazy images re-measure.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { RESIZE_AFTER_ARROW_MS } from '../common/constants';
import { arrows, nextPage } from '../common/paging';
import { useStateResetOn } from './use-state-reset-on';

interface Props<T> {
  items: T[];
  perPage: number;
  /** Changes of this key reset paging to the first page. */
  resetKey: unknown;
  label: string;
  className?: string;
  dimmed?: boolean;
  renderItem: (item: T, index: number) => ReactNode;
  itemKey: (item: T) => string;
}

export function PagedList<T>({ items, perPage, resetKey, label, className = '', dimmed = false, renderItem, itemKey }: Props<T>) {
  const [page, setPage] = useStateResetOn(0, [resetKey, perPage]);
  const timer = useRef<number | undefined>(undefined);
  // The page offset is set through the CSSOM after mount: a style attribute in the server's HTML
  // would be refused by the Content-Security-Policy (no 'unsafe-inline').
  const track = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (track.current) track.current.style.transform = page ? `translateX(-${page * 100}%)` : '';
  }, [page]);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const show = arrows(page, items.length, perPage);
  const go = (direction: -1 | 1) => {
    setPage((p) => nextPage(p, direction, items.length, perPage));
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => window.dispatchEvent(new Event('resize')), RESIZE_AFTER_ARROW_MS);
  };
  return (
    <div className={`paged paged--per-${perPage} ${className}`} aria-roledescription="carrossel" aria-label={label}>
      <button type="button" className="paged__arrow paged__arrow--left" onClick={() => go(-1)} hidden={!show.left} aria-label="Anterior">
        ‹
      </button>
      <div className="paged__viewport">
        <ul ref={track} className={`paged__track${dimmed ? ' is-loading' : ''}`}>
          {items.map((item, index) => (
            <li
              key={itemKey(item)}
              className="paged__item"
              aria-hidden={Math.floor(index / perPage) !== page}
              inert={Math.floor(index / perPage) !== page ? true : undefined}
            >
              {renderItem(item, index)}
            </li>
          ))}
        </ul>
      </div>
      <button type="button" className="paged__arrow paged__arrow--right" onClick={() => go(1)} hidden={!show.right} aria-label="Seguinte">
        ›
      </button>
    </div>
  );
}
