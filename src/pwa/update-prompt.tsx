import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { loadDataLayer, whenIdle } from '../data/lazy-data';
import './update-prompt.css';

/** "Nova versão disponível" with "Atualizar": the new version applies only when the visitor agrees. */
export function UpdatePrompt() {
  const [waiting, setWaiting] = useState(false);
  const { t } = useLingui();
  // The worker is registered by the data layer, after first paint: its news can only come from there.
  useEffect(() => {
    let off: (() => void) | null = null;
    let cancelled = false;
    void whenIdle()
      .then(loadDataLayer)
      .then((layer) => {
        if (!cancelled) off = layer.onUpdateWaiting(setWaiting);
      });
    return () => {
      cancelled = true;
      off?.();
    };
  }, []);
  // Taking over waits for the outgoing worker to fall idle, seconds on a busy phone: the button says it is on its way.
  const [applying, setApplying] = useState(false);
  if (!waiting) return null;
  const apply = () => {
    setApplying(true);
    void loadDataLayer().then((layer) => layer.applyUpdate());
  };
  return (
    <div className="pwa-toast" role="alert">
      <span>
        <Trans>Nova versão disponível</Trans>
      </span>
      <button type="button" className="button" onClick={apply} disabled={applying} aria-busy={applying}>
        {applying ? t`A atualizar…` : t`Atualizar`}
      </button>
      <button type="button" className="button button--ghost" onClick={() => setWaiting(false)}>
        <Trans>Mais tarde</Trans>
      </button>
    </div>
  );
}
