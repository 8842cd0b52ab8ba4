/** After a programme sync: "2 sessões da sua agenda mudaram", on every page but the agenda itself. */
import { Link, useLocation } from 'react-router-dom';
import { changesNotice } from './changes';
import { usePendingChanges } from './use-agenda';
import './agenda-change-notice.css';
import { agendaPath } from '../../common/page-paths';

export function AgendaChangeNotice() {
  const count = usePendingChanges();
  const { pathname } = useLocation();
  if (!count || pathname.replace(/\/$/, '') === agendaPath()) return null;
  return (
    <div className="agenda-notice" role="status">
      <strong>{changesNotice(count)}.</strong>{' '}
      <Link to={agendaPath()} className="agenda-notice__link">
        Ver o que mudou
      </Link>
    </div>
  );
}
