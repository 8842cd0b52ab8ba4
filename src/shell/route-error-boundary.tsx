/**
 * A route's error boundary: a page that fails to render, or whose chunk cannot load, shows a
 * message (in the page's language) with a retry inside the normal header and footer, never a blank page. Keyed by
 * the pathname (see app.tsx), so a change of address starts afresh.
 */
import { Trans } from '@lingui/react/macro';
import { Component, startTransition, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageChunkError, retryFailedPages } from '../routing/lazy-page';
import './route-error-boundary.css';
import { homePath } from '../common/addresses/page-paths';

interface Props {
  children: ReactNode;
}

interface State {
  error: unknown;
}

export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('Erro desconhecido') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // console.warn, not console.error: the failure is shown and handled.
    console.warn('Não foi possível mostrar esta página:', error, info.componentStack);
  }

  retry = () => {
    retryFailedPages();
    // As a transition: the message stays until the page can show (or fails again).
    startTransition(() => this.setState({ error: null }));
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const offline = typeof navigator !== 'undefined' && !navigator.onLine;
    const line =
      error instanceof PageChunkError && offline ? (
        <Trans>Sem ligação, esta parte do site ainda não foi guardada neste dispositivo.</Trans>
      ) : (
        <Trans>Ocorreu um erro ao mostrar esta página.</Trans>
      );
    return (
      <section className="page page--narrow route-error" role="alert">
        <h1>
          <Trans>Não foi possível mostrar esta página.</Trans>
        </h1>
        <p>{line}</p>
        <p className="route-error__actions">
          <button type="button" className="button" onClick={this.retry}>
            <Trans>Tentar novamente</Trans>
          </button>
          <Link to={homePath()} className="route-error__home">
            <Trans>Voltar à página principal</Trans>
          </Link>
        </p>
      </section>
    );
  }
}
