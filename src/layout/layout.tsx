import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useRequests } from '../data/use-api';
import { layoutRequests } from '../routing/route-kit';
import { useLocale } from '../hooks/use-locale';
import { useScope } from '../shell/scope';
import { Footer } from './footer';
import { Menu, MenuPanel } from './top-menu';
import { SearchBox } from './search-box';
import { InstallOffer } from './install-offer';
import { PwaNotices } from '../pwa/pwa-notices';
import { AgendaCount } from '../agenda/agenda-count';
import './layout.css';
import { homePath } from '../common/addresses/page-paths';
import { LanguageSwitch } from './language-switch';
import { LocaleOffer } from './locale-offer';

function Logo() {
  const { t } = useLingui();
  return (
    <Link to={homePath()} className="logo" aria-label={t`8½ Festa do Cinema Italiano — página principal`}>
      <span className="logo__mark" aria-hidden="true">
        8½
      </span>
      <span className="logo__text">
        Festa do
        <br />
        Cinema Italiano
      </span>
    </Link>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const { scope } = useScope();
  const menus = useRequests(layoutRequests(scope, useLocale())).menus.data;
  const { t } = useLingui();
  return (
    <>
      <a className="skip-link" href="#conteudo">
        <Trans>Saltar para o conteúdo</Trans>
      </a>
      <LanguageSwitch />
      <header className="site-header">
        <div className="site-header__inner">
          <Logo />
          <Menu items={menus?.top ?? []} label={t`Menu principal`} className="top-menu" />
          <div className="header-tools">
            <AgendaCount />
            <SearchBox className="search-box--header" label={t`Pesquisa no site`} />
          </div>
          <MenuPanel items={menus?.top ?? []} />
        </div>
      </header>
      <LocaleOffer />
      <PwaNotices />
      <InstallOffer place="top" />
      <main id="conteudo" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <Footer bottom={menus?.bottom ?? []} />
      {/* The offer on the page the visitor arrived on: see install-offer.tsx. */}
      <InstallOffer place="end" />
    </>
  );
}
