import { Trans } from '@lingui/react/macro';
import { useSearchParams } from 'react-router-dom';
import { MyAgenda } from './my-agenda';
import { SharedAgenda } from './shared-agenda';
import { PAGE_QUERY } from '../../common/addresses/page-paths';

/** /agenda: "A minha agenda", or an agenda someone shared (?sessoes=...). */
export default function AgendaPage() {
  const [params] = useSearchParams();
  const shared = params.get(PAGE_QUERY.sharedSessions);
  return (
    <div className="page agenda-page">
      <h1 className="page__title">{shared === null ? <Trans>A minha agenda</Trans> : <Trans>Agenda partilhada</Trans>}</h1>
      {shared === null ? (
        <>
          <p className="agenda-intro">
            <Trans>As sessões que escolheu ficam neste dispositivo: sem conta, também sem rede, até as partilhar.</Trans>
          </p>
          <MyAgenda />
        </>
      ) : (
        <SharedAgenda param={shared} />
      )}
    </div>
  );
}
