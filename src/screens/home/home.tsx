/**
 * A home page (festival or distribution), blocks in the spec's order: posters, bottom menu,
 * programme, search box, films, news, banners, sponsors. Visibility '0' hides a block; the films
 * and news blocks also hide when empty.
 */
import { useLocale } from '../../hooks/use-locale';
import { BANNER_INTERVAL_MS, POSTER_INTERVAL_MS, type Scope } from '../../common/constants';
import { useRequests, useStoreReader } from '../../data/use-api';
import { layoutRequests, useRouteContext } from '../../routing/route-kit';
import { homeRequests, homeShowsProgramme } from './home-data';
import { FilmsView } from '../films/films-view';
import { NewsBlock } from '../news/news-block';
import { Carousel } from './poster-carousel';
import { ProgrammeView } from '../programme/programme-view';
import { SearchBox } from '../../layout/search-box';
import { SponsorsBlock } from '../sponsors/sponsors-block';
import { Menu } from '../../layout/top-menu';
import { usePrefs } from '../../hooks/use-prefs';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { PAGE_PATTERNS } from '../../common/addresses/page-paths';
import './home.css';

export function Home({ scope }: { scope: Scope }) {
  const { t } = useLingui();
  const prefs = usePrefs();
  const { query } = useRouteContext();
  const {
    posters: postersEntry,
    films,
    news,
    sponsors: sponsorsEntry,
  } = useRequests(homeRequests(scope, query, useStoreReader(), useLocale()));
  const menus = useRequests(layoutRequests(scope, useLocale())).menus.data;
  const posters = postersEntry.data;
  const sponsors = sponsorsEntry.data;
  const visibility = prefs?.visibility[scope];
  const title = scope === 'festa' ? t`8½ Festa do Cinema Italiano` : t`8½ Distribuição`;

  return (
    <div className={`home home--${scope}`}>
      <h1 className="visually-hidden">{title}</h1>
      <Carousel items={posters?.poster ?? []} intervalMs={POSTER_INTERVAL_MS} kind="poster" label={t`Cartazes`} />
      <Menu items={menus?.bottom ?? []} label={t`Menu da página inicial`} className="home__menu" />
      {homeShowsProgramme(scope, visibility?.festprog) ? (
        <>
          <ProgrammeView />
          {/* Beside the spec's blocks: where a visitor learns what moved since they last looked. */}
          <p className="programme-page__changes">
            <Link to={PAGE_PATTERNS.programmeChanges}>
              <Trans>Alterações à programação</Trans>
            </Link>
          </p>
        </>
      ) : null}
      <div className="home__search">
        <SearchBox label={t`Pesquisa na página principal`} />
      </div>
      {visibility?.movies !== '0' && (films.data?.length ?? 1) > 0 ? <FilmsView scope={scope} /> : null}
      {visibility?.news !== '0' && (news.data?.length ?? 1) > 0 ? <NewsBlock entry={news} /> : null}
      {posters && posters.banner.length > 0 ? (
        <Carousel items={posters.banner} intervalMs={BANNER_INTERVAL_MS} kind="banner" label={t`Destaques`} />
      ) : null}
      <SponsorsBlock list={sponsors} />
    </div>
  );
}
