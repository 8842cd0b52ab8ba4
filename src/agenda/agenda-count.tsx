/** The header's link to "A minha agenda", with how many sessions it holds (known in the browser only). */
import { Link } from 'react-router-dom';
// The agenda's styles travel with the header, so they are in every page's stylesheet: /agenda never paints unstyled.
import { useAgendaCount } from './use-agenda';
import './agenda-count.css';
import { agendaPath } from '../common/addresses/page-paths';

export function AgendaCount() {
  const count = useAgendaCount();
  const label = count === undefined ? 'A minha agenda' : `A minha agenda: ${count} ${count === 1 ? 'sessão' : 'sessões'}`;
  return (
    <Link to={agendaPath()} className="agenda-count" aria-label={label}>
      <span className="agenda-count__star" aria-hidden="true">
        ★
      </span>
      <span className="agenda-count__text" aria-hidden="true">
        Agenda
      </span>
      {count ? (
        <span className="agenda-count__badge" aria-hidden="true">
          {count}
        </span>
      ) : null}
    </Link>
  );
}
