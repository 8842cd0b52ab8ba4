import { useEffect, useState } from 'react';
import { loadDataLayer, whenIdle } from '../data/lazy-data';
import './update-prompt.css';

/** "Nova versão disponível" with "Atualizar": the new version applies only when the visitor agrees. */
export function UpdatePrompt() {
  const [waiting, setWaiting] = useState(false);
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
  if (!waiting) return null;
  return (
    <div className="pwa-toast" role="alert">
      <span>Nova versão disponível</span>
      <button type="button" className="button" onClick={() => void loadDataLayer().then((layer) => layer.applyUpdate())}>
        Atualizar
      </button>
      <button type="button" className="button button--ghost" onClick={() => setWaiting(false)}>
        Mais tarde
      </button>
    </div>
  );
}
