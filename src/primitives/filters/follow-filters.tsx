/**
 * "Sessions I can follow": the programme's and the films' filters by subtitles' language, age and
 * access feature, kept in the page's address (shareable). A plain GET form: without JavaScript it
 * asks the server for the filtered page; with it, a choice applies at once, in place. The page's
 * other parameters (`keep`: the city and the day) go with it.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import {
  ACCESS_FEATURES,
  ACCESS_NAMES,
  FILTER_AGES,
  FOLLOW_QUERY,
  LANGUAGE_CODES,
  followFilterOf,
  isFilterEmpty,
} from '../../common/programme/session-access';
import { useLocale } from '../../hooks/use-locale';
import { languageName } from './language-name';
import './follow-filters.css';

/** The address with `keep` and without any filter (the "all sessions" link). */
const withOnly = (pathname: string, keep: Record<string, string>) => {
  const query = new URLSearchParams(keep).toString();
  return query ? `${pathname}?${query}` : pathname;
};

export function FollowFilters({ keep, id }: { keep: Record<string, string>; id: string }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const { pathname } = useLocation();
  const [search, setSearch] = useSearchParams();
  const filter = followFilterOf(search);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URLSearchParams(keep);
    for (const [name, value] of new FormData(event.currentTarget))
      if (typeof value === 'string' && value && !(name in keep)) next.set(name, value);
    setSearch(next, { replace: true, preventScrollReset: true });
  };

  const chosen = [filter.subtitles, filter.age, filter.access].filter((value) => value !== undefined).length;
  // Folded until a filter is chosen, so that on a phone the day's sessions, not three drop-downs,
  // fill the screen; a <details> opens without JavaScript and offline.
  return (
    <details className="follow-filters" open={chosen > 0}>
      <summary id={`${id}-titulo`} className="follow-filters__title">
        <Trans>Sessões que consigo seguir</Trans>
        {chosen > 0 ? (
          <span className="follow-filters__count">
            <Plural value={chosen} one="# filtro" other="# filtros" />
          </span>
        ) : null}
      </summary>
      <form className="follow-filters__form" method="get" action={pathname} onSubmit={apply} aria-labelledby={`${id}-titulo`}>
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label className="follow-filters__field">
          <span>
            <Trans>Legendas em</Trans>
          </span>
          <select
            name={FOLLOW_QUERY.subtitles}
            defaultValue={filter.subtitles ?? ''}
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
          >
            <option value="">{t`qualquer língua`}</option>
            {LANGUAGE_CODES.map((code) => (
              <option key={code} value={code}>{`${languageName(code, locale)} (${code.toUpperCase()})`}</option>
            ))}
          </select>
        </label>
        <label className="follow-filters__field">
          <span>
            <Trans>Idade do mais novo</Trans>
          </span>
          <select
            name={FOLLOW_QUERY.age}
            defaultValue={filter.age === undefined ? '' : String(filter.age)}
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
          >
            <option value="">{t`qualquer idade`}</option>
            {FILTER_AGES.map((age) => (
              <option key={age} value={age}>
                {t`${age} anos`}
              </option>
            ))}
          </select>
        </label>
        <label className="follow-filters__field">
          <span>
            <Trans>Acessibilidade</Trans>
          </span>
          <select name={FOLLOW_QUERY.access} defaultValue={filter.access ?? ''} onChange={(e) => e.currentTarget.form?.requestSubmit()}>
            <option value="">{t`qualquer sessão`}</option>
            {ACCESS_FEATURES.map((feature) => (
              <option key={feature} value={feature}>
                {i18n._(ACCESS_NAMES[feature])}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--ghost follow-filters__apply">
          <Trans>Filtrar</Trans>
        </button>
        {isFilterEmpty(filter) ? null : (
          <a
            className="follow-filters__clear"
            href={withOnly(pathname, keep)}
            onClick={(e) => {
              e.preventDefault();
              setSearch(new URLSearchParams(keep), { replace: true, preventScrollReset: true });
            }}
          >
            <Trans>Mostrar todas</Trans>
          </a>
        )}
      </form>
    </details>
  );
}
