import { Link } from 'react-router-dom';
import { usePrefs } from '../hooks/use-prefs';
import './social-block.css';
import { newsletterPath } from '../common/addresses/page-paths';

const NETWORKS = [
  { key: 'video', label: 'Vídeo (Vimeo)', short: 'Vi' },
  { key: 'photo', label: 'Fotografia (Instagram)', short: 'Ig' },
  { key: 'social', label: 'Facebook', short: 'Fb' },
  { key: 'microblog', label: 'Twitter', short: 'Tw' },
] as const;

/** "siga-nos em:" with the four networks; with `withNewsletter`, the newsletter button too. */
export function SocialBlock({ withNewsletter = false }: { withNewsletter?: boolean }) {
  const prefs = usePrefs();
  return (
    <div className="social-block">
      <span className="social-block__label">siga-nos em:</span>
      <ul className="social-block__list">
        {NETWORKS.map((n) => (
          <li key={n.key}>
            <a
              href={prefs?.social[n.key] ?? '#'}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={n.label}
              className="social-block__link"
            >
              {n.short}
            </a>
          </li>
        ))}
      </ul>
      {withNewsletter ? (
        <Link to={newsletterPath()} className="button button--ghost" title="Receba a nossa newsletter">
          Receba a nossa newsletter
        </Link>
      ) : null}
    </div>
  );
}
