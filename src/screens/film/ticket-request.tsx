/**
 * The film page's "PEDIR BILHETES", kept off the page's critical path. Its form (Formik, Yup and
 * the schema shared with the server: ticket-request-form.tsx, a chunk of its own) sits below the
 * fold and works without JavaScript, a real <form> posting to the page. So a page the server sent
 * hydrates with that form left as the server wrote it (src/primitives/server-html.ts), and its code
 * is loaded once the form comes near the screen, or at once when the visitor reaches it first
 * (focus, a touch, typing, autofill, a submit): the form rendered then replaces the server's, the
 * same HTML, taking over what was typed in it and the field the visitor was in. A submit made before
 * the code arrived is sent as every form's is once it has (through the outbox); if the code cannot
 * be loaded, the server's form posts as it would without JavaScript. Wherever the page is drawn
 * whole (on the server, a page opened in the browser) the form's code comes with the page's (see
 * film-route.ts) and the form is rendered at once.
 */
import { Trans } from '@lingui/react/macro';
import { lazy, useEffect, useRef, useState, type ComponentProps, type ElementType } from 'react';
import { flushSync } from 'react-dom';
import type { Session } from '../../common/api/api-types';
import { useLisbonNow } from '../../hooks/use-now';
import { adoptingServerHtml, AS_SERVER_SENT } from '../../primitives/server-html';
import { StatusMessage } from '../../primitives/status-message';
import type * as TicketRequestFormModule from './ticket-request-form';

type FormModule = typeof TicketRequestFormModule;
type FormProps = ComponentProps<FormModule['TicketRequestForm']>;

let loaded: FormModule | null = null;
let loading: Promise<FormModule> | null = null;

/** The form's chunk; a failed import is forgotten, so that the next attempt imports it again. */
function loadTicketForm(): Promise<FormModule> {
  return (loading ??= import('./ticket-request-form').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  ));
}

/** Called with the film page's chunk (film-route.ts): the form's too, unless a page the server sent is to be hydrated. */
export function loadWithPage(): Promise<unknown> {
  return adoptingServerHtml() ? Promise.resolve() : loadTicketForm().catch(() => undefined);
}

function FormUnavailable() {
  return (
    <StatusMessage>
      <Trans>Sem ligação: o formulário de pedido de bilhetes não pôde ser carregado. Recarregue a página quando tiver ligação.</Trans>
    </StatusMessage>
  );
}

/**
 * A page drawn in the browser before the chunk arrived (it comes with the page's chunk, but a page
 * already loaded is not loaded again): suspends as a page not yet loaded does (src/routing/
 * lazy-page.ts), the navigation keeping the previous page until the chunk is there.
 */
const LazyForm = lazy(() =>
  loadTicketForm().then(
    (module) => ({ default: module.TicketRequestForm }),
    () => ({ default: FormUnavailable }),
  ),
);

/** Within a screen's height of the viewport, the form's code is loaded: it is there before the visitor is. */
const NEAR = '100% 0px';
/** What a visitor does in the server's form that calls for its code at once. */
const REACHED = ['focusin', 'pointerdown', 'input', 'change'] as const;

interface Shown {
  Form: ElementType<FormProps>;
  typedBefore?: Record<string, string>;
}

export function TicketRequest({ sessions, action }: { sessions: Session[]; action: string }) {
  // null: the server's form, adopted as it is (only while a page the server sent hydrates).
  const [shown, setShown] = useState<Shown | null>(() =>
    loaded ? { Form: loaded.TicketRequestForm } : adoptingServerHtml() ? null : { Form: LazyForm },
  );
  const section = useRef<HTMLElement>(null);
  // Sessions that have started are not offered. The server's page lists them all (it is rendered
  // once per content version and refuses a started session itself); the browser drops them once
  // it knows the time, after hydration, so both first renders match.
  const now = useLisbonNow(60_000);
  const open = now === null ? sessions : sessions.filter((s) => s.starts_at > now);
  const offered = open.length > 0;

  useEffect(() => {
    const element = section.current;
    if (shown || !element) return;
    let mounted = true;
    let loadingNow = false;
    /** A submit made before the code arrived, to be made again once it has. */
    let submitted = false;
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver(
            (entries) => {
              if (entries.some((entry) => entry.isIntersecting)) take();
            },
            { rootMargin: NEAR },
          );
    const disarm = () => {
      for (const type of REACHED) element.removeEventListener(type, take);
      element.removeEventListener('submit', onSubmit);
      observer?.disconnect();
    };
    /** The server's form replaced by the live one, synchronously: no keystroke falls in between. */
    const takeOver = (module: FormModule) => {
      disarm();
      const server = element.querySelector('form');
      const active = document.activeElement;
      const focused = server && active instanceof HTMLElement && server.contains(active) ? [...server.elements].indexOf(active) : -1;
      const caret =
        (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) && active.selectionStart !== null
          ? { start: active.selectionStart, end: active.selectionEnd ?? active.selectionStart }
          : null;
      const typedBefore = server
        ? Object.fromEntries([...new FormData(server)].filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
        : undefined;
      flushSync(() => setShown({ Form: module.TicketRequestForm, typedBefore }));
      const live = element.querySelector('form');
      const field = focused >= 0 ? live?.elements[focused] : undefined;
      if (field instanceof HTMLElement) {
        field.focus({ preventScroll: true });
        if (caret && (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement))
          field.setSelectionRange(caret.start, caret.end);
      }
      if (submitted) live?.requestSubmit();
    };
    const take = () => {
      observer?.disconnect();
      if (loadingNow) return;
      loadingNow = true;
      loadTicketForm().then(
        (module) => {
          if (mounted) takeOver(module);
        },
        () => {
          loadingNow = false;
          // Offline, the chunk never kept: the server's form stays, and posts as it does without
          // JavaScript (submit() skips this listener); the visitor's next move in it tries again.
          if (mounted && submitted) element.querySelector('form')?.submit();
          submitted = false;
        },
      );
    };
    const onSubmit = (event: Event) => {
      event.preventDefault();
      submitted = true;
      take();
    };
    for (const type of REACHED) element.addEventListener(type, take);
    element.addEventListener('submit', onSubmit);
    observer?.observe(element);
    return () => {
      mounted = false;
      disarm();
    };
  }, [shown, offered]);

  if (!offered) return null;
  return (
    <section ref={section} className="detail__section ticket-request" aria-labelledby="ticket-request-title">
      <h2 id="ticket-request-title" className="detail__heading">
        <Trans>PEDIR BILHETES</Trans>
      </h2>
      {shown ? (
        <shown.Form sessions={open} action={action} typedBefore={shown.typedBefore} />
      ) : (
        <form method="post" action={action} className="form" noValidate {...AS_SERVER_SENT} />
      )}
    </section>
  );
}
