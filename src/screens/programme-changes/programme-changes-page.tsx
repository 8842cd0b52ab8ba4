/**
 * /alteracoes: "Alterações à programação", as large festivals keep it: every published change to a
 * session, newest first, by the session's day and city, each naming the work, the day, the old
 * time and the new, the venue and the reason. Read offline from the programme sync; an Atom feed beside it.
 */
import { Link } from 'react-router-dom';
import { weekdayAndDate } from '../../common/time/calendar-names';
import { lisbonDayAndTime } from '../../common/time/lisbon-time';
import { changeStatus, changeWhen, changeWhere, groupChanges } from '../../common/programme/programme-change-words';
import { useRouteData } from '../../routing/route-kit';
import { ListState } from '../../primitives/list-state';
import { CHANGES_FEED_PATH, programmeChangesRoute } from './programme-changes-route';
import './programme-changes-page.css';

export default function ProgrammeChangesPage() {
  const changes = useRouteData(programmeChangesRoute).changes;
  const groups = groupChanges(changes.data ?? []);
  return (
    <div className="page programme-changes">
      <h1 className="page__title">Alterações à programação</h1>
      <p className="programme-changes__intro">
        Sessões que mudaram de hora, de dia ou de sala, atrasadas ou canceladas, da alteração mais recente para a mais antiga.{' '}
        <a href={CHANGES_FEED_PATH} type="application/atom+xml">
          Subscrever (Atom)
        </a>
      </p>
      <ListState entry={changes} count={groups.length} empty="Não há alterações à programação.">
        {groups.map((group) => (
          <section key={`${group.day} ${group.city}`} className="programme-changes__group">
            <h2 className="programme-changes__day">{`${weekdayAndDate(group.day)} · ${group.city}`}</h2>
            <ul className="programme-changes__list">
              {group.changes.map((change) => (
                <li key={change.id} id={`alteracao-${change.id}`} className="programme-changes__entry">
                  <h3 className="programme-changes__title">
                    <Link to={change.path}>{change.title}</Link>
                  </h3>
                  <p className="programme-changes__when">{changeWhen(change)}</p>
                  <p className="programme-changes__where">{changeWhere(change)}</p>
                  {changeStatus(change) ? <p className="programme-changes__status">{changeStatus(change)}</p> : null}
                  <p className="programme-changes__published">{`Publicada ${lisbonDayAndTime(new Date(change.published_at))}`}</p>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </ListState>
    </div>
  );
}
