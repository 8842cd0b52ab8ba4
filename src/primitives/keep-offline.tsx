/** "Guardar no dispositivo" for press files and programme attachments, and the storage they use. */
import { Trans, useLingui } from '@lingui/react/macro';
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
import type { Locale } from '../common/i18n/locales';
import { useHydrated } from '../hooks/use-hydrated';
import { useLocale } from '../hooks/use-locale';
import { useOnline } from '../hooks/use-online';
import './keep-offline.css';

/**
 * An amount of storage as the page's language writes it: humanBytes writes pt-PT ("1,7 MB"), which
 * Italian shares; English has the decimal point ("1.7 MB"). Below 1024 of a unit, no thousands.
 */
export function bytesIn(bytes: number, locale: Locale): string {
  const text = humanBytes(bytes);
  return locale === 'en' ? text.replace(',', '.') : text;
}

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
  const { t } = useLingui();
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
            <span aria-hidden="true">✓ </span>
            <Trans>Guardado no dispositivo</Trans>
          </>
        ) : (
          t`Guardar no dispositivo`
        )}
        <span className="visually-hidden">: {itemTitle}</span>
      </button>
      {failed ? (
        <span className="keep-offline__error" role="alert">
          <Trans>Não foi possível guardar. Verifique a ligação.</Trans>
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
  const { t } = useLingui();
  if (!hydrated || !canKeepFiles() || hrefs.length === 0) return null;
  if (hrefs.every((h) => kept.has(h))) {
    return (
      <p className="keep-all keep-all--done" role="status">
        <span aria-hidden="true">✓ </span>
        <Trans>Tudo guardado no dispositivo</Trans>
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
        {busy ? t`A guardar…` : label}
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
  const locale = useLocale();
  useEffect(() => {
    const refresh = () => void storageInfo().then(setInfo);
    refresh();
    return onKeptFilesChange(refresh);
  }, []);
  if (!hydrated || !info || info.usage === null) return null;
  const used = bytesIn(info.usage, locale);
  const quota = info.quota ? bytesIn(info.quota, locale) : '';
  return (
    <div className="storage-usage">
      <p className="storage-usage__amount">
        {info.quota ? (
          <Trans>
            Espaço usado neste dispositivo: {used} de {quota}.
          </Trans>
        ) : (
          <Trans>Espaço usado neste dispositivo: {used}.</Trans>
        )}
      </p>
      {info.persisted || protection === 'granted' ? (
        <p className="storage-usage__protected">
          <Trans>Os ficheiros guardados ficam protegidos: o navegador não os apaga por falta de espaço.</Trans>
        </p>
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
            <Trans>Proteger os ficheiros guardados</Trans>
          </button>
          {protection === 'refused' ? (
            <span className="storage-usage__result" role="status">
              <Trans>
                O navegador não autorizou: os ficheiros ficam guardados, mas podem ser apagados se faltar espaço. Instalar a aplicação
                costuma bastar para os proteger.
              </Trans>
            </span>
          ) : protection === 'asking' ? (
            <span className="storage-usage__result" role="status">
              <Trans>A pedir ao navegador…</Trans>
            </span>
          ) : null}
        </p>
      )}
    </div>
  );
}
