/**
 * A route's error boundary: a page that fails to render, or whose chunk cannot load, shows a
 * pt-PT message with a retry inside the normal header and footer, never a blank page. Keyed by
 * the pathname (see app.tsx), so a change of address starts afresh.
 */
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
      error instanceof PageChunkError && offline
        ? 'Sem ligação, esta parte do site ainda não foi guardada neste dispositivo.'
        : 'Ocorreu um erro ao mostrar esta página.';
    return (
      <section className="page page--narrow route-error" role="alert">
        <h1>Não foi possível mostrar esta página.</h1>
        <p>{line}</p>
        <p className="route-error__actions">
          <button type="button" className="button" onClick={this.retry}>
            Tentar novamente
          </button>
          <Link to={homePath()} className="route-error__home">
            Voltar à página principal
          </Link>
        </p>
      </section>
    );
  }
}
