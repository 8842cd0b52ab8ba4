import type { ReactNode } from 'react';
import type { Entry } from '../data/store';
import { NotFound } from '../primitives/not-found';
import { StatusMessage } from '../primitives/status-message';
import { LoadError, LoadingContent } from '../primitives/list-state';

/**
 * A detail page's subject: <NotFound /> when the API answered 404, a status line while it loads
 * (or when it failed with nothing to show), otherwise the page rendered from its data.
 */
export function EntryView<T>({ entry, children }: { entry: Entry<T>; children: (data: T) => ReactNode }) {
  if (entry.status === 'missing') return <NotFound />;
  if (entry.data === undefined) {
    return (
      <div className="page">
        <StatusMessage>{entry.status === 'error' ? <LoadError /> : <LoadingContent />}</StatusMessage>
      </div>
    );
  }
  return <>{children(entry.data)}</>;
}
