/** The header's link to "A minha agenda", with how many sessions it holds (known in the browser only). */
import { withValues } from '../common/i18n/i18n';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
// The agenda's styles travel with the header, so they are in every page's stylesheet: /agenda never paints unstyled.
import { useAgendaCount } from './use-agenda';
import './agenda-count.css';
import { agendaPath } from '../common/addresses/page-paths';

const WITH_COUNT = msg({ message: 'A minha agenda: {count, plural, one {# sessão} other {# sessões}}' });

export function AgendaCount() {
  const count = useAgendaCount();
  const { t, i18n } = useLingui();
  const label = count === undefined ? t`A minha agenda` : i18n._(withValues(WITH_COUNT, { count }));
  return (
    <Link to={agendaPath()} className="agenda-count" aria-label={label}>
      <span className="agenda-count__star" aria-hidden="true">
        ★
      </span>
      <span className="agenda-count__text" aria-hidden="true">
        <Trans>Agenda</Trans>
      </span>
      {count ? (
        <span className="agenda-count__badge" aria-hidden="true">
          {count}
        </span>
      ) : null}
    </Link>
  );
}
