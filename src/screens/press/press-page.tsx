/**
 * The press screen and its three entry points (/comunicados, /presskit, /materiais_apoio): the
 * type comes from the path's first segment; each item has its title, description and DOWNLOAD, and
 * "Guardar tudo" keeps the files of all three lists on the device.
 */
import { useLingui } from '@lingui/react/macro';
import { NavLink } from 'react-router-dom';
import { apiUrl, fileEndpoints } from '../../common/api/endpoint-refs';
import { PRESS_TYPES } from '../../common/constants';
import { routeRequests, useMatchedRoute, useRouteContext, useRouteData } from '../../routing/route-kit';
import { allPressRequests, pressRoutes } from './press-routes';
import { DownloadLink } from '../../primitives/download-link';
import { HtmlBlock } from '../../primitives/html-block';
import { isLoading, ListState } from '../../primitives/list-state';
import { useRequests, useStoreReader } from '../../data/use-api';
import { KeepAllButton, StorageUsage } from '../../primitives/keep-offline';
import './press-page.css';
import { useContentLang, useWritten, writtenIn } from '../../hooks/use-content-lang';
import { useLocale } from '../../hooks/use-locale';
import type { PressItem } from '../../common/api/api-types';

function PressTitle({ item }: { item: PressItem }) {
  return (
    <h2 className="press-item__title" lang={useContentLang(useWritten(item)('title').lang)}>
      {item.title}
    </h2>
  );
}

export default function PressPage() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const route = useMatchedRoute(pressRoutes);
  const { press } = useRouteData(route);
  const path = routeRequests(route, useRouteContext(), useStoreReader()).press.path;
  const items = press.data ?? [];
  const loading = isLoading(press);
  // "Guardar tudo" keeps what a journalist takes away: the files of all three press lists.
  const lists = useRequests(allPressRequests(locale));
  const allFiles = PRESS_TYPES.flatMap((type) => lists[type].data ?? []).map((item) =>
    apiUrl(fileEndpoints.downloadPress, { id: item.id }),
  );

  return (
    <div className="page press-page">
      <h1 className="page__title">{i18n._(route.title)}</h1>
      <nav className="subnav" aria-label={t`Imprensa`}>
        <ul className="subnav__list">
          {pressRoutes.map(({ path, title }) => (
            <li key={path}>
              <NavLink to={path} className={({ isActive }) => `subnav__link${isActive ? ' is-active' : ''}`}>
                {i18n._(title)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="press-offline">
        <KeepAllButton
          hrefs={allFiles}
          label={t`Guardar tudo no dispositivo`}
          hint={t`Comunicados, presskit e materiais de apoio, para abrir sem rede.`}
        />
        <StorageUsage />
      </div>
      <ListState entry={press} path={path} count={items.length} empty={t`Não existem materiais de imprensa.`}>
        <ul className={`press-list${loading ? ' is-loading' : ''}`}>
          {items.map((item) => (
            <li key={item.id} className="press-item">
              <PressTitle item={item} />
              <HtmlBlock html={item.description} className="press-item__text rich-text" written={writtenIn(item, locale)('description')} />
              <DownloadLink
                href={apiUrl(fileEndpoints.downloadPress, { id: item.id })}
                itemTitle={item.title}
                mime={item.mime}
                size={item.size}
              />
            </li>
          ))}
        </ul>
      </ListState>
    </div>
  );
}
