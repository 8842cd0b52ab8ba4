/**
 * "Traduções": what visitors in English and in Italian still read in Portuguese ("por traduzir")
 * and what changed in Portuguese after it was translated ("a rever"), per language with counts, in
 * the draft. Each line leads to the field in its record's form. The language and the state are in
 * the address (?lingua=it&estado=a-rever), so a list can be shared with a translator.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from 'react-router-dom';
import type { TranslationWorkItem } from '../../common/gestao/api/answers';
import { gestaoEndpoints } from '../../common/gestao/api/gestao-endpoints';
import { fieldOf } from '../../common/gestao/collections';
import { TRANSLATED_LOCALES, type TranslatedLocale } from '../../common/gestao/translations';
import { LANGUAGE_NAMES, translationAnchor } from '../translations/translated-field';
import '../translations/translated-field.css';
import { useGestaoData } from '../use-gestao-data';

const STATES = { 'por-traduzir': 'missing', 'a-rever': 'stale' } as const;
type StateParam = keyof typeof STATES;

const isLocale = (value: string | null): value is TranslatedLocale => TRANSLATED_LOCALES.some((l) => l === value);
const isState = (value: string | null): value is StateParam => value !== null && Object.hasOwn(STATES, value);

/** The lines of one record, in the form's order of its fields. */
function groupByRecord(items: TranslationWorkItem[]): TranslationWorkItem[][] {
  const groups = new Map<string, TranslationWorkItem[]>();
  for (const item of items) {
    const key = `${item.type}/${item.id}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.values()];
}

export function TranslationsScreen() {
  const { data, error } = useGestaoData(gestaoEndpoints.translationWork, {});
  const [search] = useSearchParams();
  const { i18n, t } = useLingui();
  const wanted = search.get('lingua');
  const locale: TranslatedLocale = isLocale(wanted) ? wanted : TRANSLATED_LOCALES[0]!;
  const stateParam = search.get('estado');
  const state = isState(stateParam) ? STATES[stateParam] : undefined;
  const address = (l: TranslatedLocale, s?: StateParam) => `?lingua=${l}${s ? `&estado=${s}` : ''}`;
  const shown = (data?.items ?? []).filter((i) => i.locale === locale && (!state || i.state === state));
  const counts = data?.counts[locale];
  const language = i18n._(LANGUAGE_NAMES[locale].inText);
  return (
    <section aria-labelledby="traducoes-titulo">
      <h1 id="traducoes-titulo">
        <Trans>Traduções</Trans>
      </h1>
      <p>
        <Trans>
          Os textos que os visitantes leem, por língua: os que ainda não têm tradução (leem o português) e os que mudaram em português
          depois de traduzidos.
        </Trans>
      </p>
      {error && (
        <p className="gestao-status gestao-status--error" role="alert">
          {error}
        </p>
      )}
      {data && (
        <>
          <nav aria-label={t`Língua`} className="gestao-tabs">
            {TRANSLATED_LOCALES.map((l) => {
              const { missing, stale } = data.counts[l];
              const name = i18n._(LANGUAGE_NAMES[l].title);
              return (
                <Link key={l} to={address(l)} aria-current={l === locale ? 'page' : undefined}>
                  {t`${name}: ${missing} por traduzir, ${stale} a rever`}
                </Link>
              );
            })}
          </nav>
          <nav aria-label={t`Estado`} className="gestao-tabs">
            <Link to={address(locale)} aria-current={!state ? 'page' : undefined}>
              <Trans>Tudo</Trans>
            </Link>
            <Link to={address(locale, 'por-traduzir')} aria-current={state === 'missing' ? 'page' : undefined}>
              {t`Por traduzir (${counts?.missing ?? 0})`}
            </Link>
            <Link to={address(locale, 'a-rever')} aria-current={state === 'stale' ? 'page' : undefined}>
              {t`A rever (${counts?.stale ?? 0})`}
            </Link>
          </nav>
          {shown.length === 0 ? (
            <p className="gestao-status gestao-status--ok" role="status">
              <Trans>Nada a fazer em {language}: todos estes textos estão traduzidos.</Trans>
            </p>
          ) : (
            <ul className="gestao-worklist">
              {groupByRecord(shown).map((lines) => (
                <li key={`${lines[0]!.type}/${lines[0]!.id}`}>
                  <h2 className="gestao-worklist__record">{lines[0]!.title}</h2>
                  <ul>
                    {lines.map((item) => {
                      const label = fieldOf(item.type, item.field)?.label ?? item.field;
                      return (
                        <li key={item.field}>
                          <Link
                            to={`/${item.path}#${translationAnchor(item.field, item.locale)}`}
                          >{t`Traduzir ${label} para ${language}`}</Link>{' '}
                          {item.state === 'missing' ? (
                            <span className="gestao-pill gestao-pill--missing">{t`Por traduzir`}</span>
                          ) : (
                            <span className="gestao-pill gestao-pill--stale">{t`A rever`}</span>
                          )}
                        </li>
                      );
                    })}
                  </ul>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
