import { useEffect, useState } from 'react';
import { useHydrated } from './use-hydrated';

interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const isIos = () => /iphone|ipad|ipod/i.test(navigator.userAgent) && !('MSStream' in window);
const isStandalone = () =>
  window.matchMedia('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;

/** An install button when the browser offers installation; a short hint on iOS, which never does. */
export function InstallPrompt() {
  const [event, setEvent] = useState<BeforeInstallPromptEvent | null>(null);
  const hydrated = useHydrated();
  const [hintClosed, setHintClosed] = useState(false);
  const iosHint = hydrated && !hintClosed && isIos() && !isStandalone() && localStorage.getItem('festa-ios-hint') !== 'closed';

  useEffect(() => {
    const offer = (e: Event) => {
      e.preventDefault();
      setEvent(e as BeforeInstallPromptEvent);
    };
    const installed = () => setEvent(null);
    window.addEventListener('beforeinstallprompt', offer);
    window.addEventListener('appinstalled', installed);
    return () => {
      window.removeEventListener('beforeinstallprompt', offer);
      window.removeEventListener('appinstalled', installed);
    };
  }, []);

  if (event) {
    return (
      <button
        type="button"
        className="button install-button"
        onClick={() => {
          void (async () => {
            await event.prompt();
            await event.userChoice;
            setEvent(null);
          })();
        }}
      >
        Instalar aplicação
      </button>
    );
  }
  if (iosHint) {
    return (
      <div className="pwa-toast pwa-toast--hint" role="note">
        <span>Para instalar: toque em Partilhar e depois em «Adicionar ao ecrã principal».</span>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            localStorage.setItem('festa-ios-hint', 'closed');
            setHintClosed(true);
          }}
        >
          Fechar
        </button>
      </div>
    );
  }
  return null;
}
