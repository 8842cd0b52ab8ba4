/** "Guardar no dispositivo" for press files and programme attachments, and the storage they use. */
import { useEffect, useState } from 'react';
import { humanBytes } from '../common/text/bytes';
import {
  canKeepFiles,
  forgetFile,
  keepFiles,
  keptUrls,
  onKeptFilesChange,
  requestPersistence,
  storageInfo,
  type StorageInfo,
} from '../data/kept-files';
import { useHydrated } from '../hooks/use-hydrated';
import { useOnline } from '../hooks/use-online';
import './keep-offline.css';

/** The paths of the files kept on this device; empty on the server and until read. */
export function useKept(): Set<string> {
  const [kept, setKept] = useState<Set<string>>(new Set());
  useEffect(() => {
    const refresh = () => void keptUrls().then(setKept);
    refresh();
    return onKeptFilesChange(refresh);
  }, []);
  return kept;
}

/** Keeps or forgets one file; offline, a file not kept cannot be fetched, so the button is not offered. */
export function KeepOfflineButton({ href, itemTitle }: { href: string; itemTitle: string }) {
  const hydrated = useHydrated();
  const online = useOnline();
  const kept = useKept();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!hydrated || !canKeepFiles()) return null;
  const isKept = kept.has(href);
  if (!isKept && !online) return null;
  return (
    <>
      <button
        type="button"
        className={`button button--ghost keep-offline${isKept ? ' is-kept' : ''}`}
        aria-pressed={isKept}
        disabled={busy}
        onClick={() => {
          void (async () => {
            setBusy(true);
            setFailed(false);
            try {
              if (isKept) await forgetFile(href);
              else await keepFiles([href]);
            } catch {
              setFailed(true);
            }
            setBusy(false);
          })();
        }}
      >
        {isKept ? (
          <>
            <span aria-hidden="true">✓ </span>Guardado no dispositivo
          </>
        ) : (
          'Guardar no dispositivo'
        )}
        <span className="visually-hidden">: {itemTitle}</span>
      </button>
      {failed ? (
        <span className="keep-offline__error" role="alert">
          Não foi possível guardar. Verifique a ligação.
        </span>
      ) : null}
    </>
  );
}

/**
 * Keeps every file of a list at once. Once all are kept it says so as a status, not as a greyed
 * button: what is done must not look unavailable.
 */
export function KeepAllButton({ hrefs, label, hint }: { hrefs: string[]; label: string; hint?: string }) {
  const hydrated = useHydrated();
  const online = useOnline();
  const kept = useKept();
  const [busy, setBusy] = useState(false);
  if (!hydrated || !canKeepFiles() || hrefs.length === 0) return null;
  if (hrefs.every((h) => kept.has(h))) {
    return (
      <p className="keep-all keep-all--done" role="status">
        <span aria-hidden="true">✓ </span>Tudo guardado no dispositivo
      </p>
    );
  }
  return (
    <>
      <button
        type="button"
        className="button keep-all"
        disabled={busy || !online}
        onClick={() => {
          void (async () => {
            setBusy(true);
            await keepFiles(hrefs).catch(() => undefined);
            setBusy(false);
          })();
        }}
      >
        {busy ? 'A guardar…' : label}
      </button>
      {hint ? <p className="keep-all__hint">{hint}</p> : null}
    </>
  );
}

/** What asking the browser to protect the kept files came to. */
type Protection = 'idle' | 'asking' | 'granted' | 'refused';

export function StorageUsage() {
  const hydrated = useHydrated();
  const [info, setInfo] = useState<StorageInfo | null>(null);
  const [protection, setProtection] = useState<Protection>('idle');
  useEffect(() => {
    const refresh = () => void storageInfo().then(setInfo);
    refresh();
    return onKeptFilesChange(refresh);
  }, []);
  if (!hydrated || !info || info.usage === null) return null;
  return (
    <div className="storage-usage">
      <p className="storage-usage__amount">
        Espaço usado neste dispositivo: {humanBytes(info.usage)}
        {info.quota ? ` de ${humanBytes(info.quota)}` : ''}.
      </p>
      {info.persisted || protection === 'granted' ? (
        <p className="storage-usage__protected">Os ficheiros guardados ficam protegidos: o navegador não os apaga por falta de espaço.</p>
      ) : (
        <p className="storage-usage__protect">
          <button
            type="button"
            className="button button--ghost"
            disabled={protection === 'asking'}
            onClick={() => {
              void (async () => {
                setProtection('asking');
                setProtection((await requestPersistence()) ? 'granted' : 'refused');
              })();
            }}
          >
            Proteger os ficheiros guardados
          </button>
          {protection === 'refused' ? (
            <span className="storage-usage__result" role="status">
              O navegador não autorizou: os ficheiros ficam guardados, mas podem ser apagados se faltar espaço. Instalar a aplicação costuma
              bastar para os proteger.
            </span>
          ) : protection === 'asking' ? (
            <span className="storage-usage__result" role="status">
              A pedir ao navegador…
            </span>
          ) : null}
        </p>
      )}
    </div>
  );
}
