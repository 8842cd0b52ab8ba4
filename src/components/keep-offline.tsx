/** "Guardar offline" for press files and programme attachments, and the storage they use. */
import { useEffect, useState } from 'react';
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
import { useHydrated } from '../pwa/use-hydrated';

function useKept(): Set<string> {
  const [kept, setKept] = useState<Set<string>>(new Set());
  useEffect(() => {
    const refresh = () => void keptUrls().then(setKept);
    refresh();
    return onKeptFilesChange(refresh);
  }, []);
  return kept;
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;

export function KeepOfflineButton({ href, itemTitle }: { href: string; itemTitle: string }) {
  const hydrated = useHydrated();
  const kept = useKept();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!hydrated || !canKeepFiles()) return null;
  const isKept = kept.has(href);
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
        {isKept ? 'Guardado offline' : 'Guardar offline'}
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

export function KeepAllButton({ hrefs, label }: { hrefs: string[]; label: string }) {
  const hydrated = useHydrated();
  const kept = useKept();
  const [busy, setBusy] = useState(false);
  if (!hydrated || !canKeepFiles() || hrefs.length === 0) return null;
  const allKept = hrefs.every((h) => kept.has(h));
  return (
    <button
      type="button"
      className="button keep-all"
      disabled={busy || allKept}
      onClick={() => {
        void (async () => {
          setBusy(true);
          await keepFiles(hrefs).catch(() => undefined);
          setBusy(false);
        })();
      }}
    >
      {allKept ? 'Tudo guardado offline' : label}
    </button>
  );
}

export function StorageUsage() {
  const hydrated = useHydrated();
  const [info, setInfo] = useState<StorageInfo | null>(null);
  useEffect(() => {
    const refresh = () => void storageInfo().then(setInfo);
    refresh();
    return onKeptFilesChange(refresh);
  }, []);
  if (!hydrated || !info || info.usage === null) return null;
  return (
    <p className="storage-usage">
      Espaço usado neste dispositivo: {megabytes(info.usage)}
      {info.quota ? ` de ${megabytes(info.quota)}` : ''}.{' '}
      {info.persisted ? (
        'Os ficheiros guardados ficam protegidos.'
      ) : (
        <button type="button" className="link-button" onClick={() => void requestPersistence()}>
          Proteger os ficheiros guardados
        </button>
      )}
    </p>
  );
}
