/**
 * /alteracoes: "Alterações à programação", as large festivals keep it: every published change to a
 * session, newest first, by the session's day and city, each naming the work, the day, the old
 * time and the new, the venue and the reason. Read offline from the programme sync; an Atom feed beside it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { weekdayAndDate } from '../../common/time/calendar-names';
import { LISBON_TIME_ZONE, lisbonDayAndTime } from '../../common/time/lisbon-time';
import { changeStatus, changeWhen, changeWhere, groupChanges } from '../../common/programme/programme-change-words';
import { useRouteData } from '../../routing/route-kit';
import { ListState } from '../../primitives/list-state';
import { changesFeedPath } from '../../common/programme/changes-feed-path';
import { INTRO, programmeChangesRoute } from './programme-changes-route';
import { INTL_LOCALES, type Locale } from '../../common/i18n/locales';
import './programme-changes-page.css';
import { useContentLang } from '../../hooks/use-content-lang';

/** When a change was published, in Lisbon: "25 de novembro às 14:03", "25 November at 14:03", "25 novembre alle ore 14:03". */
function publishedAt(at: string, locale: Locale): string {
  const instant = new Date(at);
  if (locale === 'pt-PT') return lisbonDayAndTime(instant);
  const options = { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZone: LISBON_TIME_ZONE } as const;
  return new Intl.DateTimeFormat(INTL_LOCALES[locale], options).format(instant);
}

export default function ProgrammeChangesPage() {
  const { t, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const contentLang = useContentLang();
  const changes = useRouteData(programmeChangesRoute).changes;
  const groups = groupChanges(changes.data ?? []);
  const published = (at: string) => {
    const when = publishedAt(at, locale);
    return t`Publicada ${when}`;
  };
  return (
    <div className="page programme-changes">
      <h1 className="page__title">
        <Trans>Alterações à programação</Trans>
      </h1>
      <p className="programme-changes__intro">
        {i18n._(INTRO)}{' '}
        <a href={changesFeedPath(i18n.locale as Locale)} type="application/atom+xml">
          <Trans>Subscrever (Atom)</Trans>
        </a>
      </p>
      <ListState entry={changes} count={groups.length} empty={t`Não há alterações à programação.`}>
        {groups.map((group) => (
          <section key={`${group.day} ${group.city}`} className="programme-changes__group">
            <h2 className="programme-changes__day">{`${weekdayAndDate(group.day, locale)} · ${group.city}`}</h2>
            <ul className="programme-changes__list">
              {group.changes.map((change) => (
                <li key={change.id} id={`alteracao-${change.id}`} className="programme-changes__entry">
                  <h3 className="programme-changes__title">
                    <Link to={change.path} lang={contentLang}>
                      {change.title}
                    </Link>
                  </h3>
                  <p className="programme-changes__when">{changeWhen(change, i18n)}</p>
                  <p className="programme-changes__where">{changeWhere(change)}</p>
                  {changeStatus(change, i18n) ? <p className="programme-changes__status">{changeStatus(change, i18n)}</p> : null}
                  <p className="programme-changes__published">{published(change.published_at)}</p>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </ListState>
    </div>
  );
}
