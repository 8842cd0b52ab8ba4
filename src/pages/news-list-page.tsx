/**
 * /noticias: the scope's news, newest first by published_at (the API's order), or A to Z by title
 * with the "A a Z" toggle.
 */
import { useState } from 'react';
import { AzToggle } from '../components/az-toggle';
import { sortAz } from '../common/film-filter';
import { useRouteData } from '../route-kit';
import { newsListRoute } from './news-list-route';
import { NewsCard } from '../components/cards';
import { LoadError, LOADING_CONTENT } from '../components/list-status';
import { StatusMessage } from '../components/status-message';

const GRID_SIZE = 3;

export default function NewsListPage() {
  const [az, setAz] = useState<0 | 1>(0);
  const { news } = useRouteData(newsListRoute);
  const loading = news.status === 'loading' || news.fetching;
  const shown = sortAz(news.data ?? [], az);

  return (
    <div className="page news-list-page">
      <div className="page__header">
        <h1 className="page__title">NOTICIAS</h1>
        <div className="list-controls">
          <AzToggle az={az} onChange={setAz} label="A a Z" />
        </div>
      </div>
      <section aria-labelledby="news-list-title">
        <h2 id="news-list-title" className="visually-hidden">
          Lista de notícias
        </h2>
        {shown.length === 0 ? (
          <StatusMessage>{loading ? LOADING_CONTENT : news.status === 'error' ? <LoadError /> : 'Não existem notícias'}</StatusMessage>
        ) : (
          <ul className="card-grid" style={{ opacity: loading ? 0.5 : 1 }} aria-busy={loading}>
            {shown.map((item) => (
              <li key={item.id} className="card-grid__item">
                <NewsCard news={item} gridSize={GRID_SIZE} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
