/**
 * The one state line of every list (spec section 4: "Loading with no items ...", "Loaded but
 * empty ..."): loading, empty, failed or offline. A list whose request failed never says it is
 * empty: it says it could not load, with a button to try again (or, without a connection, the
 * way to the saved agenda).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Entry } from '../data/store';
import { useDataStore } from '../data/use-api';
import { useOnline } from '../hooks/use-online';
import { StatusMessage } from './status-message';
import { programmePath } from '../common/addresses/page-paths';

export const LOADING = /*i18n*/ { id: 'list.loading', message: 'A carregar conteúdos...' };
/** No failure message is specified; a list that could not load says so instead of "empty". */
const LOAD_FAILED = /*i18n*/ { id: 'list.loadFailed', message: 'Não foi possível carregar os conteúdos.' };
const OFFLINE_NOT_KEPT = /*i18n*/ {
  id: 'list.offlineNotKept',
  message: 'Sem ligação: esta página ainda não foi guardada neste dispositivo.',
};
/** The pt-PT words of the lines above, as the tests read them on a pt-PT page. */
export const LOADING_CONTENT = LOADING.message;
export const LOAD_ERROR = LOAD_FAILED.message;
export const OFFLINE_NOT_SAVED = OFFLINE_NOT_KEPT.message;

/** "A carregar conteúdos...", in the page's language. */
export function LoadingContent() {
  const { i18n } = useLingui();
  return <>{i18n._(LOADING)}</>;
}

type ListPhase = 'loading' | 'error' | 'empty' | 'ready';

type EntryState = Pick<Entry, 'status' | 'fetching'> | undefined;

/**
 * An answer is on its way: the first one (nothing to show yet), or a newer one while the last is
 * shown (the list is then dimmed, not replaced).
 */
export function isLoading(entry: EntryState): boolean {
  return !entry || entry.status === 'loading' || entry.fetching;
}

/**
 * What a list shows in place of its items: 'ready' when it has items to show, 'loading' while the
 * first answer is awaited, 'error' when the request failed with nothing to show, and 'empty' only
 * when the answer arrived and holds nothing.
 */
export function listPhase(entry: EntryState, count: number): ListPhase {
  if (count > 0) return 'ready';
  if (entry?.status === 'error') return 'error';
  return isLoading(entry) ? 'loading' : 'empty';
}

interface Props {
  entry: Entry<unknown> | undefined;
  /** The API path the entry was read from: the retry button reloads it (no button without it). */
  path?: string | null;
  /** How many items the list shows now. */
  count: number;
  loading?: ReactNode;
  empty: ReactNode;
  /** What is shown when there are items (usually the list). */
  children?: ReactNode;
}

export function ListState({ entry, path, count, loading, empty, children }: Props) {
  const phase = listPhase(entry, count);
  if (phase === 'ready') return <>{children}</>;
  if (phase === 'loading') return <StatusMessage>{loading ?? <LoadingContent />}</StatusMessage>;
  if (phase === 'empty') return <StatusMessage>{empty}</StatusMessage>;
  return <LoadFailure path={path} />;
}

/** A failed read: why (no connection, or a failure), and a button that asks again. */
export function LoadFailure({ path }: { path?: string | null }) {
  const store = useDataStore();
  return (
    <div className="list-state list-state--error">
      <StatusMessage>
        <LoadError />
      </StatusMessage>
      {path ? (
        <button type="button" className="button list-state__retry" onClick={() => void store.load(path, 0)}>
          <Trans>Tentar novamente</Trans>
        </button>
      ) : null}
    </div>
  );
}

/** The failure line alone (no retry), for places that are not lists. */
export function LoadError() {
  const online = useOnline();
  const { i18n } = useLingui();
  if (online) return <>{i18n._(LOAD_FAILED)}</>;
  return (
    <>
      {i18n._(OFFLINE_NOT_KEPT)}{' '}
      <Link to={programmePath()}>
        <Trans>Ver a programação guardada</Trans>
      </Link>
    </>
  );
}
