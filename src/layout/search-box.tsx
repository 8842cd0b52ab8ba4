import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import './search-box.css';
import { searchPath } from '../common/addresses/page-paths';
import { localizedPath } from '../common/i18n/locales';
import { useLocale } from '../hooks/use-locale';

/** The "PROCURAR" search form: an empty query is ignored; a search clears the box and opens /pesquisa. */
/** `label` names the search landmark where a page has two (the header's and the page's own). */
export function SearchBox({ className = '', label }: { className?: string; label?: string }) {
  const [query, setQuery] = useState('');
  const navigate = useNavigate();
  const id = useId();
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <form
      role="search"
      className={`search-box ${className}`}
      aria-label={label}
      action={localizedPath(searchPath(), locale)}
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        const q = query.trim();
        if (!q) return;
        setQuery('');
        void navigate(searchPath(q));
      }}
    >
      <label htmlFor={id} className="search-box__label">
        <Trans>PROCURAR</Trans>
      </label>
      <input id={id} name="q" type="search" value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
      <button type="submit" className="search-box__button" aria-label={t`Pesquisar`}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <circle cx="10" cy="10" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
          <path d="M15 15l6 6" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
