/**
 * Where the install offer goes, and its code loaded only once it can show. On the page the visitor
 * arrived on, the browser offers installation after that page has painted: at the end of the page
 * the offer moves nothing the visitor is reading and covers no button. From the next page on it is
 * drawn with the page, under the header.
 *
 * The arrival is recorded here, while the page hydrates, not by the offer's own code: that code
 * loads after hydration (only the browser knows of an offer), and a page it reached late must
 * still know which page the visitor arrived on.
 */
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { useHydrated } from '../hooks/use-hydrated';

const InstallPrompt = lazy(() => import('../pwa/install-prompt').then((module) => ({ default: module.InstallPrompt })));

/** The router's key of the location the document opened on. */
let arrivalKey: string | undefined;

function useOfferPlace(): 'top' | 'end' {
  const { key } = useLocation();
  if (typeof window === 'undefined') return 'end';
  arrivalKey ??= key;
  return key === arrivalKey ? 'end' : 'top';
}

export function InstallOffer({ place }: { place: 'top' | 'end' }) {
  const here = useOfferPlace() === place;
  const hydrated = useHydrated();
  return hydrated && here ? (
    <Suspense fallback={null}>
      <InstallPrompt />
    </Suspense>
  ) : null;
}
