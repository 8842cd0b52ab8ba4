/**
 * The layout check of the visual stories: no text over other text, and nothing leaving the
 * viewport sideways. In the page, every visible text node is measured line by line
 * (Range.getClientRects), each line clipped by the scrolling or clipping boxes around it (so the
 * visually hidden texts of screen readers and what a horizontal strip scrolls out of view are not
 * measured). Two lines of different texts that cross by more than 1 px both ways are an overlap,
 * unless their blocks are one inside the other (a heading's own link, a line-height shorter than
 * the font's box inside one paragraph), or one of them is in a bar that stays in view (position
 * fixed or sticky: a form's save bar) and the other scrolls under it. A line beyond document.documentElement.clientWidth, or a
 * page wider than it, is an overflow. Content under aria-hidden="true" (the slides not shown, the
 * pages of a paged list out of view) is not measured.
 */
import type { Page } from '@playwright/test';

export interface TextBox {
  text: string;
  /** A short CSS path of the text's element, to find it. */
  where: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface LayoutReport {
  overlaps: { a: TextBox; b: TextBox; width: number; height: number }[];
  outside: TextBox[];
  clientWidth: number;
  scrollWidth: number;
}

/** More than this much both ways is an overlap (anti-aliasing and italic overhangs are smaller). */
export const OVERLAP_TOLERANCE_PX = 1;

export function findLayoutProblems(page: Page): Promise<LayoutReport> {
  return page.evaluate((tolerance) => {
    const clientWidth = document.documentElement.clientWidth;
    const scrollWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);

    const isInline = (element: Element) => {
      const display = getComputedStyle(element).display;
      return display === 'inline' || display === 'contents';
    };
    /** The box that lays the text out: the nearest element that is not inline. */
    const blockOf = (element: Element): Element => {
      let current: Element = element;
      while (current.parentElement && isInline(current)) current = current.parentElement;
      return current;
    };
    const where = (element: Element) => {
      const parts: string[] = [];
      for (let e: Element | null = element; e && e !== document.body && parts.length < 3; e = e.parentElement) {
        const classes = [...e.classList]
          .slice(0, 2)
          .map((c) => `.${c}`)
          .join('');
        parts.unshift(`${e.tagName.toLowerCase()}${classes}`);
      }
      return parts.join(' > ');
    };
    /** The boxes that clip an element's content: overflow other than visible, or a clip. */
    const clipsOf = (element: Element) => {
      const clips: { left: number; top: number; right: number; bottom: number }[] = [];
      for (let e: Element | null = element; e && e !== document.body && e !== document.documentElement; e = e.parentElement) {
        const style = getComputedStyle(e);
        const clipped = style.overflowX !== 'visible' || style.overflowY !== 'visible' || style.clip !== 'auto';
        if (!clipped || isInline(e)) continue;
        const box = e.getBoundingClientRect();
        const left = box.left + e.clientLeft;
        const top = box.top + e.clientTop;
        clips.push({
          left: style.overflowX === 'visible' && style.clip === 'auto' ? -Infinity : left,
          right: style.overflowX === 'visible' && style.clip === 'auto' ? Infinity : left + e.clientWidth,
          top: style.overflowY === 'visible' && style.clip === 'auto' ? -Infinity : top,
          bottom: style.overflowY === 'visible' && style.clip === 'auto' ? Infinity : top + e.clientHeight,
        });
      }
      return clips;
    };

    /** Hidden for the eyes but read aloud (.visually-hidden and its kin): clipped away, or a box of 1 px or less. */
    const isVisuallyHidden = (element: Element) => {
      for (let e: Element | null = element; e; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (style.clipPath === 'inset(50%)' || /^rect\(0px,? 0px,? 0px,? 0px\)$/.test(style.clip)) return true;
        const box = e.getBoundingClientRect();
        if (style.overflowX !== 'visible' && style.overflowY !== 'visible' && (box.width <= 1 || box.height <= 1)) return true;
      }
      return false;
    };

    /** The bar that keeps the element in view while the page scrolls under it (position fixed or sticky), if any. */
    const barOf = (element: Element): Element | null => {
      for (let e: Element | null = element; e && e !== document.body; e = e.parentElement) {
        const position = getComputedStyle(e).position;
        if (position === 'fixed' || position === 'sticky') return e;
      }
      return null;
    };

    const boxes: (TextBox & { block: Element; bar: Element | null })[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      const element = node.parentElement;
      if (!text || !element) continue;
      if (element.closest('script, style, noscript, template, [aria-hidden="true"]')) continue;
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) || isVisuallyHidden(element)) continue;
      const clips = clipsOf(element);
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        let { left, top, right, bottom } = rect;
        for (const clip of clips) {
          left = Math.max(left, clip.left);
          top = Math.max(top, clip.top);
          right = Math.min(right, clip.right);
          bottom = Math.min(bottom, clip.bottom);
        }
        if (right - left <= 1 || bottom - top <= 1) continue;
        boxes.push({
          text: text.slice(0, 80),
          where: where(element),
          left,
          top,
          right,
          bottom,
          block: blockOf(element),
          bar: barOf(element),
        });
      }
    }

    const overlaps: LayoutReport['overlaps'] = [];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        if (a.block === b.block || a.block.contains(b.block) || b.block.contains(a.block)) continue;
        // What scrolls under a bar kept in view is covered by design, not laid over it.
        if ((a.bar === null) !== (b.bar === null)) continue;
        const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (width > tolerance && height > tolerance) overlaps.push({ a: strip(a), b: strip(b), width, height });
      }
    }
    const outside = boxes.filter((box) => box.left < -0.5 || box.right > clientWidth + 0.5).map(strip);
    return { overlaps, outside, clientWidth, scrollWidth };

    function strip({ text, where, left, top, right, bottom }: TextBox): TextBox {
      const round = (n: number) => Math.round(n * 10) / 10;
      return { text, where, left: round(left), top: round(top), right: round(right), bottom: round(bottom) };
    }
  }, OVERLAP_TOLERANCE_PX);
}

/** The problems in words, for a failure message: empty when there are none. */
export function describeLayoutProblems(report: LayoutReport): string[] {
  const box = (b: TextBox) => `"${b.text}" (${b.where}; x ${b.left}–${b.right}, y ${b.top}–${b.bottom})`;
  return [
    ...report.overlaps.map((o) => `overlap ${o.width.toFixed(1)}×${o.height.toFixed(1)} px: ${box(o.a)} and ${box(o.b)}`),
    ...report.outside.map((b) => `outside the viewport (width ${report.clientWidth}): ${box(b)}`),
    ...(report.scrollWidth > report.clientWidth
      ? [`the page scrolls sideways: scrollWidth ${report.scrollWidth} > clientWidth ${report.clientWidth}`]
      : []),
  ];
}
