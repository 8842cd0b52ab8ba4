import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MenuItem } from '../common/api/api-types';
import { useScope } from '../shell/scope';
import { SocialBlock } from './social-block';
import { Menu } from './top-menu';
import { usePrefs } from '../hooks/use-prefs';
import './footer.css';

const FOOTER_LINKS = [msg`REGULAMENTO GERAL`, msg`TERMOS DE USO`, msg`BILHETES`, msg`MAPA DO SITE`];

export function Footer({ bottom }: { bottom: MenuItem[] }) {
  const { scope } = useScope();
  const { t, i18n } = useLingui();
  // The edition's year, as every date of the content: derived from the festival's start at import.
  const year = usePrefs()?.year;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <Menu items={bottom} label={t`Menu de rodapé`} className="bottom-menu" />
        <SocialBlock withNewsletter />
        <ul className="footer-links">
          {FOOTER_LINKS.map((label) => (
            <li key={label.id}>
              {/* The spec sends all four to a placeholder target. */}
              <a href="#">{i18n._(label)}</a>
            </li>
          ))}
        </ul>
        <p className="copyright">
          {/* The festival's name stays as it is in every language. */}
          {scope === 'distrib' ? (
            <Trans>8 1/2 Distribuição © {year} Todos os direitos reservados</Trans>
          ) : (
            <Trans>8 1/2 Festa do Cinema Italiano © {year} Todos os direitos reservados</Trans>
          )}
        </p>
      </div>
    </footer>
  );
}
