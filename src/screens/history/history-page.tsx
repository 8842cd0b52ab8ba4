import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { FestivalEdition } from '../../common/api/api-types';
import { DEFAULT_HISTORY_TAB, type HistoryTab } from '../../common/constants';
import { EntryView } from '../../detail/entry-view';
import { HistoryTabs } from './history-tabs';
import { HtmlBlock } from '../../primitives/html-block';
import { Image } from '../../primitives/image';
import { StatusMessage } from '../../primitives/status-message';
import { useRouteData } from '../../routing/route-kit';
import { historyRoute, readHistoryAddress } from './history-route';
import './history-page.css';
import { historyPath } from '../../common/addresses/page-paths';
import { useContentLang } from '../../hooks/use-content-lang';

/**
 * /historico/{edition}/{tab?}, /historico/{tab}/{edition?}: an edition's poster, venues, the five
 * tabs and the other editions. Without an edition in the address, the default edition shows.
 */
export default function HistoryPage() {
  const params = useParams();
  const address = readHistoryAddress(params.page, params.id);
  const entry = useRouteData(historyRoute).edition;
  return (
    <EntryView entry={entry}>
      {(edition) => <Edition edition={edition} tab={address?.tab ?? DEFAULT_HISTORY_TAB} named={!!address?.year} />}
    </EntryView>
  );
}

function Edition({ edition, tab, named }: { edition: FestivalEdition; tab: HistoryTab; named: boolean }) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const idBase = useId();
  const panelId = `${idBase}-painel`;
  const year = edition.edition;
  return (
    <article className="page history">
      <header className="history__header">
        <p className="history__kicker">
          <Trans>Histórico</Trans>
        </p>
        <h1 className="page__title" lang={contentLang}>
          {edition.title}
        </h1>
      </header>
      {edition.poster ? <Image src={edition.poster} alt="" width={1280} height={720} lazy={false} className="history__poster" /> : null}
      {edition.venues ? <HtmlBlock html={edition.venues} className="history__venues" /> : null}
      {edition.editions.length > 1 ? (
        <nav className="history__editions" aria-label={t`Outras edições`}>
          <ul className="history__editions-list">
            {edition.editions.map((name) => (
              <li key={name}>
                <Link
                  to={historyPath(name)}
                  className={`history__edition${name === edition.edition ? ' is-current' : ''}`}
                  aria-current={name === edition.edition ? 'page' : undefined}
                >
                  {name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <HistoryTabs
        edition={named ? edition.edition : undefined}
        selected={tab}
        idBase={idBase}
        panelId={panelId}
        label={t`Edição ${year}`}
      />
      <div className="tabs__panel" role="tabpanel" id={panelId} aria-labelledby={`${idBase}-${tab}`} tabIndex={0}>
        <TabContent edition={edition} tab={tab} />
      </div>
    </article>
  );
}

function TabContent({ edition, tab }: { edition: FestivalEdition; tab: HistoryTab }) {
  if (tab === 'programacao') {
    if (edition.list_movies.length === 0)
      return (
        <StatusMessage>
          <Trans>Não existem filmes</Trans>
        </StatusMessage>
      );
    return (
      <ul className="history__movies">
        {edition.list_movies.map((movie, index) => (
          <li key={index} className="history__movie">
            <Image src={movie.thumb} alt="" width={480} height={270} className="history__movie-thumb" />
            <HtmlBlock html={movie.list_html} className="history__movie-text" />
          </li>
        ))}
      </ul>
    );
  }
  const html = { convidados: edition.guests, premios: edition.awards, numeros: edition.numbers, patrocinadores: edition.sponsors }[tab];
  return <HtmlBlock html={html} className="history__text" />;
}
