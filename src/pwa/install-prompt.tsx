/**
 * "Instalar aplicação" when the browser offers installation, a short hint on iOS (which never
 * does). "Agora não" closes it for good on this device. Where it goes on the page is the layout's
 * choice (src/layout/install-offer.tsx). The browser's offer is caught by the inline script in
 * every page's <head> (src/common/pwa/install-capture.ts): it may come before the app's scripts have run.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import './install-prompt.css';

interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

declare global {
  interface Window {
    /** The install offer, kept by the inline script of src/common/pwa/install-capture.ts. */
    __festaInstallPrompt?: BeforeInstallPromptEvent | null;
  }
}

const INSTALL_DISMISSED_KEY = 'festa-install-dismissed';
const IOS_HINT_KEY = 'festa-ios-hint';

const isIos = () => /iphone|ipad|ipod/i.test(navigator.userAgent) && !('MSStream' in window);
const isStandalone = () =>
  window.matchMedia('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;

/** localStorage may be refused (private modes, storage disabled): then nothing is remembered. */
function remembered(key: string): boolean {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}
function remember(key: string): void {
  try {
    localStorage.setItem(key, 'closed');
  } catch {
    // Closed for this page only.
  }
}

/** Rendered by the layout (src/layout/install-offer.tsx) only where the offer goes on this page. */
export function InstallPrompt() {
  const [event, setEvent] = useState<BeforeInstallPromptEvent | null>(null);
  const [closed, setClosed] = useState<string[]>([]);
  const { t } = useLingui();

  useEffect(() => {
    const take = () => setEvent(window.__festaInstallPrompt ?? null);
    // Without the capture script (an old cached page), listen here too.
    const offer = (e: Event) => {
      e.preventDefault();
      window.__festaInstallPrompt = e as BeforeInstallPromptEvent;
      take();
    };
    const installed = () => {
      window.__festaInstallPrompt = null;
      take();
    };
    take();
    window.addEventListener('festa-install-ready', take);
    window.addEventListener('beforeinstallprompt', offer);
    window.addEventListener('appinstalled', installed);
    return () => {
      window.removeEventListener('festa-install-ready', take);
      window.removeEventListener('beforeinstallprompt', offer);
      window.removeEventListener('appinstalled', installed);
    };
  }, []);

  const close = (key: string) => {
    remember(key);
    setClosed((keys) => [...keys, key]);
  };
  const isClosed = (key: string) => closed.includes(key) || remembered(key);

  if (event && !isClosed(INSTALL_DISMISSED_KEY)) {
    return (
      <section className="install-bar" aria-label={t`Instalar a aplicação`}>
        <p className="install-bar__text">
          <Trans>Instale a aplicação: a programação abre mesmo sem rede.</Trans>
        </p>
        <button
          type="button"
          className="button install-button"
          onClick={() => {
            void (async () => {
              await event.prompt();
              await event.userChoice;
              window.__festaInstallPrompt = null;
              setEvent(null);
            })();
          }}
        >
          <Trans>Instalar aplicação</Trans>
        </button>
        <button type="button" className="button button--ghost" onClick={() => close(INSTALL_DISMISSED_KEY)}>
          <Trans>Agora não</Trans>
        </button>
      </section>
    );
  }
  if (!event && isIos() && !isStandalone() && !isClosed(IOS_HINT_KEY)) {
    return (
      <section className="install-bar" aria-label={t`Instalar a aplicação`}>
        <p className="install-bar__text">
          <Trans>Para instalar: toque em Partilhar e depois em «Adicionar ao ecrã principal».</Trans>
        </p>
        <button type="button" className="button button--ghost" onClick={() => close(IOS_HINT_KEY)}>
          <Trans>Fechar</Trans>
        </button>
      </section>
    );
  }
  return null;
}
