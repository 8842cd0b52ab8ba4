import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { usePrefs } from '../hooks/use-prefs';
import './social-block.css';
import { newsletterPath } from '../common/addresses/page-paths';

const NETWORKS = [
  { key: 'video', label: msg`Vídeo (Vimeo)`, short: 'Vi' },
  { key: 'photo', label: msg`Fotografia (Instagram)`, short: 'Ig' },
  // Brand names: the same in every language.
  { key: 'social', label: 'Facebook', short: 'Fb' },
  { key: 'microblog', label: 'Twitter', short: 'Tw' },
] as const;

/** "siga-nos em:" with the four networks; with `withNewsletter`, the newsletter button too. */
export function SocialBlock({ withNewsletter = false }: { withNewsletter?: boolean }) {
  const prefs = usePrefs();
  const { t, i18n } = useLingui();
  return (
    <div className="social-block">
      <span className="social-block__label">
        <Trans>siga-nos em:</Trans>
      </span>
      <ul className="social-block__list">
        {NETWORKS.map((n) => (
          <li key={n.key}>
            <a
              href={prefs?.social[n.key] ?? '#'}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={typeof n.label === 'string' ? n.label : i18n._(n.label)}
              className="social-block__link"
            >
              {n.short}
            </a>
          </li>
        ))}
      </ul>
      {withNewsletter ? (
        <Link to={newsletterPath()} className="button button--ghost" title={t`Receba a nossa newsletter`}>
          <Trans>Receba a nossa newsletter</Trans>
        </Link>
      ) : null}
    </div>
  );
}
