/**
 * /noticias: the scope's news as the spec's paged carousel (3 per page, 1 under 600 px), titled
 * NOTICIAS, newest first by published_at (the API's order), or A to Z by title with the "A a Z"
 * toggle; a change of order goes back to the first page. An empty list says "Não existem notícias".
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { AzToggle } from '../../primitives/az-toggle';
import { NewsBlock } from './news-block';
import { sortAz } from '../../common/films/film-filter';
import { routeRequests, useRouteContext, useRouteData } from '../../routing/route-kit';
import { useStoreReader } from '../../data/use-api';
import { newsListRoute } from './news-list-route';
import './news-list-page.css';

export default function NewsListPage() {
  const { t } = useLingui();
  const [az, setAz] = useState<0 | 1>(0);
  const { news } = useRouteData(newsListRoute);
  const path = routeRequests(newsListRoute, useRouteContext(), useStoreReader()).news.path;
  const shown = sortAz(news.data ?? [], az);

  return (
    <div className="page news-list-page">
      <NewsBlock
        entry={news}
        path={path}
        items={shown}
        title={t`NOTICIAS`}
        empty={t`Não existem notícias`}
        headingLevel="h1"
        className="news-list"
        controls={
          <div className="list-controls">
            <AzToggle az={az} onChange={setAz} label={t`A a Z`} />
          </div>
        }
      />
    </div>
  );
}
