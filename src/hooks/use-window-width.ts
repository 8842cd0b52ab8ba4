import { startTransition, useEffect, useState } from 'react';

/** Width assumed while rendering on the server and hydrating: CSS lays out the first paint. */
const SERVER_WIDTH = 1280;

/** The window's width, updated on resize; SERVER_WIDTH until mounted, so hydration matches. */
export function useWindowWidth(): number {
  const [width, setWidth] = useState(SERVER_WIDTH);
  useEffect(() => {
    // As a transition: on a phone the first width re-renders every paged list of the page (other
    // pages per screen), which React then does in slices between which the browser answers a tap,
    // rather than in one long task right after hydration.
    const update = () => startTransition(() => setWidth(window.innerWidth));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return width;
}

/** True when the visitor asked for less motion: carousels do not advance by themselves. */
export function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return reduced;
}
