import type { MenuItem } from '../common/api/api-types';
import { useScope } from '../shell/scope';
import { SocialBlock } from './social-block';
import { Menu } from './top-menu';
import { usePrefs } from '../hooks/use-prefs';
import './footer.css';

const FOOTER_LINKS = ['REGULAMENTO GERAL', 'TERMOS DE USO', 'BILHETES', 'MAPA DO SITE'];

export function Footer({ bottom }: { bottom: MenuItem[] }) {
  const { scope } = useScope();
  // The edition's year, as every date of the content: derived from the festival's start at import.
  const year = usePrefs()?.year;
  const product = scope === 'distrib' ? 'Distribuição' : 'Festa do Cinema Italiano';
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <Menu items={bottom} label="Menu de rodapé" className="bottom-menu" />
        <SocialBlock withNewsletter />
        <ul className="footer-links">
          {FOOTER_LINKS.map((label) => (
            <li key={label}>
              {/* The spec sends all four to a placeholder target. */}
              <a href="#">{label}</a>
            </li>
          ))}
        </ul>
        <p className="copyright">
          8 1/2 {product} © {year} Todos os direitos reservados
        </p>
      </div>
    </footer>
  );
}
