import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import './not-found.css';
import { homePath } from '../common/addresses/page-paths';

/** "Página não encontrada." with the way back home; the server answers such pages with HTTP 404. */
export function NotFound() {
  return (
    <section className="page page--narrow not-found">
      <h1>
        <Trans>Página não encontrada.</Trans>
      </h1>
      <p>
        <Link to={homePath()} className="button">
          <Trans>Voltar à página principal</Trans>
        </Link>
      </p>
    </section>
  );
}
