// @vitest-environment jsdom
/**
 * A paged list adopts the server's HTML for its far pages while the page hydrates (src/primitives/
 * server-html.ts): the server renders every item, hydration renders only the page shown, an item
 * is rendered for real once its page is shown, and the offline shell (an empty root) renders
 * everything. (Items coming within a lazy picture's reach, seen by an IntersectionObserver, which
 * jsdom has not, are the browser stories' part: home.spec.ts and visual.spec.ts.)
 */
import { act } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { PagedList } from '../../src/primitives/paged-list';
import { InLocale } from '../support/i18n';

const ITEMS = Array.from({ length: 12 }, (_, i) => ({ id: String(i + 1), title: `Filme ${i + 1}` }));
const PER_PAGE = 2;

// React's act() environment: updates inside act are flushed before it returns.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function List({ page, rendered }: { page: number; rendered: string[] }) {
  return (
    <InLocale>
      <PagedList
        items={ITEMS}
        perPage={PER_PAGE}
        resetKey="films"
        label="Filmes"
        page={page}
        onPageChange={() => undefined}
        itemKey={(item) => item.id}
        renderItem={(item) => {
          rendered.push(item.id);
          return (
            <a href={`/filme/${item.id}`} className="card">
              {item.title}
            </a>
          );
        }}
      />
    </InLocale>
  );
}

const itemTexts = (root: HTMLElement) => [...root.querySelectorAll('.paged__item')].map((li) => li.textContent);
let root: Root | null = null;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('a paged list hydrating server HTML', () => {
  it('is whole on the server: every item, every page', () => {
    const html = renderToString(<List page={0} rendered={[]} />);
    for (const item of ITEMS) expect(html).toContain(`<a href="/filme/${item.id}" class="card">${item.title}</a>`);
  });

  it('hydrates the page shown only, keeping the other pages as the server sent them', () => {
    document.body.innerHTML = `<div id="root">${renderToString(<List page={0} rendered={[]} />)}</div>`;
    const container = document.getElementById('root')!;
    const rendered: string[] = [];
    act(() => {
      root = hydrateRoot(container, <List page={0} rendered={rendered} />);
    });
    expect([...new Set(rendered)]).toEqual(['1', '2']);
    // Nothing was lost or doubled: every film once, in order, as the server wrote it.
    expect(itemTexts(container)).toEqual(ITEMS.map((item) => item.title));
    expect(container.querySelectorAll('a.card')).toHaveLength(ITEMS.length);
  });

  it('renders an item for real once its page is shown, and keeps it rendered', () => {
    document.body.innerHTML = `<div id="root">${renderToString(<List page={0} rendered={[]} />)}</div>`;
    const container = document.getElementById('root')!;
    const rendered: string[] = [];
    act(() => {
      root = hydrateRoot(container, <List page={0} rendered={rendered} />);
    });
    const serverLink = container.querySelectorAll('a.card')[9];
    rendered.length = 0;
    act(() => root!.render(<List page={4} rendered={rendered} />));
    // Page 5 (items 9 and 10) now, and page 1, rendered already; the others are still the server's.
    expect([...new Set(rendered)].sort((a, b) => Number(a) - Number(b))).toEqual(['1', '2', '9', '10']);
    expect(container.querySelectorAll('a.card')[9], 'a React element now, no longer the adopted one').not.toBe(serverLink);
    expect(itemTexts(container)).toEqual(ITEMS.map((item) => item.title));
    const shown = [...container.querySelectorAll('.paged__item')].map((li) => li.getAttribute('aria-hidden'));
    expect(shown).toEqual(ITEMS.map((_, i) => String(Math.floor(i / PER_PAGE) !== 4)));

    // Back to the first page: what was rendered stays rendered, shown or not.
    rendered.length = 0;
    act(() => root!.render(<List page={0} rendered={rendered} />));
    expect([...new Set(rendered)].sort((a, b) => Number(a) - Number(b))).toEqual(['1', '2', '9', '10']);
    expect(itemTexts(container)).toEqual(ITEMS.map((item) => item.title));
  });

  it('renders every item in the offline shell, where there is no server HTML to adopt', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const container = document.getElementById('root')!;
    const rendered: string[] = [];
    act(() => {
      root = createRoot(container);
      root.render(<List page={0} rendered={rendered} />);
    });
    expect([...new Set(rendered)]).toHaveLength(ITEMS.length);
    expect(itemTexts(container)).toEqual(ITEMS.map((item) => item.title));
  });
});
