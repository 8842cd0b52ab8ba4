import type { NewsItem } from '../common/api-types';
import { perPage } from '../common/paging';
import type { Entry } from '../data/store';
import { NewsCard } from './cards';
import { PagedList } from './paged-list';
import { StatusMessage } from './status-message';
import { useWindowWidth } from './use-window-width';

/** The home page's NOTÍCIAS carousel: 3 per page, 1 under 600 px. */
export function NewsBlock({ entry }: { entry: Entry<NewsItem[]> }) {
  const width = useWindowWidth();
  const items = entry.data ?? [];
  return (
    <section className="block news-block" aria-labelledby="news-block-title">
      <h2 id="news-block-title" className="block__title">
        NOTÍCIAS
      </h2>
      {items.length === 0 ? (
        <StatusMessage>{entry.status === 'loading' || entry.fetching ? 'Loading...' : 'Empty'}</StatusMessage>
      ) : (
        <PagedList
          items={items}
          perPage={perPage.news(width)}
          resetKey={items}
          label="Notícias"
          className="paged--news"
          dimmed={entry.fetching}
          itemKey={(n) => n.id}
          renderItem={(n) => <NewsCard news={n} />}
        />
      )}
    </section>
  );
}
