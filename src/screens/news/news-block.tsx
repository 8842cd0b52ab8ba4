/**
 * The NOTÍCIAS carousel (spec "News block and news list"), on the home page and on /noticias:
 * 3 per page, 1 under 600 px; arrows hidden at the ends; back to the first page when the list
 * changes; "Loading..." while loading with no items, "Empty" when loaded and empty (on /noticias,
 * the spec's "Não existem notícias"), a failure line with a retry when the request failed; half
 * opacity while fetching.
 */
import { useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import type { NewsItem } from '../../common/api/api-types';
import { perPage } from '../../common/page-blocks/paging';
import type { Entry } from '../../data/store';
import { NewsCard } from '../../primitives/cards';
import { isLoading, ListState } from '../../primitives/list-state';
import { PagedList } from '../../primitives/paged-list';
import { useWindowWidth } from '../../hooks/use-window-width';

interface Props {
  entry: Entry<NewsItem[]>;
  /** The API path of the entry (the retry button reloads it). */
  path?: string;
  /** The items to show, when not the entry's own (a sorted copy). */
  items?: NewsItem[];
  title?: string;
  headingLevel?: 'h1' | 'h2';
  /** Controls beside the title (the "A a Z" toggle of /noticias). */
  controls?: ReactNode;
  gridSize?: number;
  className?: string;
  /** What an empty list says: the block's "Empty", or the list page's "Não existem notícias". */
  empty?: string;
}

export function NewsBlock({
  entry,
  path,
  items = entry.data ?? [],
  title,
  headingLevel: Heading = 'h2',
  controls,
  gridSize,
  className = '',
  empty,
}: Props) {
  const { t } = useLingui();
  const width = useWindowWidth();
  const titleId = useId();
  return (
    <section className={`block news-block ${className}`} aria-labelledby={titleId}>
      <div className="block__header">
        <Heading id={titleId} className="block__title">
          {title ?? t`NOTÍCIAS`}
        </Heading>
        {controls}
      </div>
      <ListState entry={entry} path={path} count={items.length} loading={t`Loading...`} empty={empty ?? t`Empty`}>
        <PagedList
          items={items}
          perPage={perPage.news(width)}
          resetKey={items.map((n) => n.id).join(',')}
          label={t`Notícias`}
          className="paged--news"
          dimmed={isLoading(entry)}
          itemKey={(n) => n.id}
          renderItem={(n) => <NewsCard news={n} gridSize={gridSize} />}
        />
      </ListState>
    </section>
  );
}
