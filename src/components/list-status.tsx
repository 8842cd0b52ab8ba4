/** The lines a content list shows in its place (spec section 8), shared by the list pages. */
import { Link } from 'react-router-dom';
import { useOnline } from '../pwa/use-online';

export const LOADING_CONTENT = 'A carregar conteúdos...';
/** No failure message is specified; a list that could not load says so instead of "empty". */
export const LOAD_ERROR = 'Não foi possível carregar os conteúdos. Tente novamente mais tarde.';
export const OFFLINE_NOT_SAVED = 'Sem ligação: esta página ainda não foi guardada neste dispositivo.';

/** Why there is nothing to show: no connection (with the way to the saved agenda), or a failure. */
export function LoadError() {
  const online = useOnline();
  if (online) return <>{LOAD_ERROR}</>;
  return (
    <>
      {OFFLINE_NOT_SAVED} <Link to="/programacao">Ver a programação guardada</Link>
    </>
  );
}
