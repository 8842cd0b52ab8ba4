import { useEffect, useState } from 'react';
import { applyUpdate, onUpdateWaiting } from './register-sw';
import './update-prompt.css';

/** "Nova versão disponível" with "Atualizar": the new version applies only when the visitor agrees. */
export function UpdatePrompt() {
  const [waiting, setWaiting] = useState(false);
  useEffect(() => onUpdateWaiting(setWaiting), []);
  if (!waiting) return null;
  return (
    <div className="pwa-toast" role="alert">
      <span>Nova versão disponível</span>
      <button type="button" className="button" onClick={applyUpdate}>
        Atualizar
      </button>
      <button type="button" className="button button--ghost" onClick={() => setWaiting(false)}>
        Mais tarde
      </button>
    </div>
  );
}
