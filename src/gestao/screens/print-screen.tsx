/**
 * "Programa impresso": a city's programme as an A4 PDF, from the release on the site or an
 * earlier one; and "Hoje nesta sala", the sheet for a venue's front of house on one festival day.
 * Both are made by the server (/gestao/api/print/…) from published content, never the draft.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { PrintOptions, ReleaseKind, ReleaseSummary } from '../../common/gestao/api/answers';
import { gestaoEndpoints } from '../../common/gestao/api/gestao-endpoints';
import { weekdayAndDate } from '../../common/time/calendar-names';
import { openingDay } from '../../common/time/festival-day';
import { programmeFileName, venueDayFileName } from '../../common/programme/print-names';
import { download, refusalMessage } from '../api';
import { lisbonMoment } from '../lisbon-format';
import { StatusLine, type Status } from '../status-line';
import { useGestaoData } from '../use-gestao-data';
import './print-screen.css';

const KIND_LABELS: Record<ReleaseKind, MessageDescriptor> = {
  publicacao: msg`publicação`,
  reposicao: msg`reposição`,
  importacao: msg`importação`,
};

/** One PDF asked for: busy while it is made, then "Descarregado: …" or why not, beside the button. */
function usePdfDownload(making: string) {
  const [status, setStatus] = useState<Status | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const { t } = useLingui();
  /** Runs the download of `fileName` (api.ts download). */
  const start = (fileName: string, save: () => Promise<void>) => {
    setBusy(true);
    setStatus({ kind: 'ok', text: making });
    save()
      .then(
        () => setStatus({ kind: 'ok', text: t`Descarregado: ${fileName}` }),
        (error: unknown) => setStatus({ kind: 'error', text: refusalMessage(error, t`Não foi possível fazer o PDF. Tente de novo.`) }),
      )
      .finally(() => setBusy(false));
  };
  return { status, busy, start };
}

function CityProgramme({ options, releases }: { options: PrintOptions; releases: ReleaseSummary[] }) {
  const [city, setCity] = useState('');
  const [release, setRelease] = useState('latest');
  const { i18n, t } = useLingui();
  const { status, busy, start } = usePdfDownload(t`A fazer o PDF…`);
  // Until a city is chosen, the first one (the list comes from the server).
  const chosen = options.cities.find((c) => String(c.id) === city) ?? options.cities[0];
  /** The release the site shows now, if any. */
  const onSite = options.release;
  return (
    <section className="print-screen__part" aria-labelledby="imprimir-programa-titulo">
      <h2 id="imprimir-programa-titulo">
        <Trans>Programa de uma cidade</Trans>
      </h2>
      <p>
        <Trans>
          A grelha de cada dia e o programa dia a dia, com as sessões canceladas assinaladas. Sai do que está publicado: o rascunho não
          entra.
        </Trans>
      </p>
      <form
        className="gestao-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!chosen) return;
          const fileName = programmeFileName(chosen.name, options.year, release === 'latest' ? undefined : Number(release));
          start(fileName, () => download(gestaoEndpoints.printProgramme, fileName, { query: { city: String(chosen.id), release } }));
        }}
      >
        <div className="gestao-fields">
          <div className="gestao-field">
            <label htmlFor="imprimir-cidade">
              <Trans>Cidade</Trans>
            </label>
            <select id="imprimir-cidade" value={chosen ? String(chosen.id) : ''} onChange={(e) => setCity(e.target.value)}>
              {options.cities.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <div className="gestao-field">
            <label htmlFor="imprimir-publicacao">
              <Trans>Publicação</Trans>
            </label>
            <select id="imprimir-publicacao" value={release} onChange={(e) => setRelease(e.target.value)}>
              <option value="latest">{onSite === null ? t`A que está no site` : t`A que está no site (n.º ${onSite})`}</option>
              {releases.map(({ number, kind, publishedAt }) => {
                const what = i18n._(KIND_LABELS[kind]);
                const when = lisbonMoment(publishedAt);
                return (
                  <option key={number} value={number}>
                    {t`N.º ${number} · ${what} de ${when}`}
                  </option>
                );
              })}
            </select>
          </div>
        </div>
        <StatusLine status={status} />
        <div className="gestao-actions">
          <button type="submit" disabled={busy || !chosen}>
            <Trans>Descarregar o programa (PDF)</Trans>
          </button>
        </div>
      </form>
    </section>
  );
}

function VenueDay({ options }: { options: PrintOptions }) {
  const [venue, setVenue] = useState('');
  const [day, setDay] = useState('');
  const { t } = useLingui();
  const { status, busy, start } = usePdfDownload(t`A fazer a folha…`);
  const chosenVenue = options.venues.find((v) => String(v.id) === venue) ?? options.venues[0];
  const chosenDay = options.days.includes(day) ? day : openingDay(options.days, options.today);
  return (
    <section className="print-screen__part" aria-labelledby="imprimir-sala-titulo">
      <h2 id="imprimir-sala-titulo">
        <Trans>Hoje nesta sala</Trans>
      </h2>
      <p>
        <Trans>
          Uma folha A4 em letra grande para a entrada da sala: as sessões do dia, com duração, hora de fim, convidados e estado. Uma sessão
          depois da meia-noite conta no dia anterior (o dia do festival acaba às 06:00).
        </Trans>
      </p>
      <form
        className="gestao-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!chosenVenue || !chosenDay) return;
          const fileName = venueDayFileName(chosenVenue.name, chosenDay);
          start(fileName, () =>
            download(gestaoEndpoints.printVenueDay, fileName, { query: { venue: String(chosenVenue.id), day: chosenDay } }),
          );
        }}
      >
        <div className="gestao-fields">
          <div className="gestao-field">
            <label htmlFor="imprimir-sala">
              <Trans>Sala</Trans>
            </label>
            <select id="imprimir-sala" value={chosenVenue ? String(chosenVenue.id) : ''} onChange={(e) => setVenue(e.target.value)}>
              {options.cities.map((c) => (
                <optgroup key={c.id} label={c.name}>
                  {options.venues
                    .filter((v) => v.cityId === c.id)
                    .map((v) => (
                      <option key={v.id} value={v.id}>
                        {v.name}
                      </option>
                    ))}
                </optgroup>
              ))}
            </select>
          </div>
          <div className="gestao-field">
            <label htmlFor="imprimir-dia">
              <Trans>Dia</Trans>
            </label>
            <select id="imprimir-dia" value={chosenDay ?? ''} onChange={(e) => setDay(e.target.value)}>
              {options.days.map((d) => (
                <option key={d} value={d}>
                  {weekdayAndDate(d)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <StatusLine status={status} />
        <div className="gestao-actions">
          <button type="submit" disabled={busy || !chosenVenue || !chosenDay}>
            <Trans>Descarregar a folha (PDF)</Trans>
          </button>
        </div>
      </form>
    </section>
  );
}

export function PrintScreen() {
  const options = useGestaoData(gestaoEndpoints.printOptions);
  const releases = useGestaoData(gestaoEndpoints.releases);
  const error = options.error ?? releases.error;
  return (
    <div className="print-screen">
      <h1>
        <Trans>Programa impresso</Trans>
      </h1>
      {error && (
        <p className="gestao-status gestao-status--error" role="alert">
          {error}
        </p>
      )}
      {!error && (!options.data || !releases.data) && (
        <p role="status">
          <Trans>A carregar…</Trans>
        </p>
      )}
      {options.data && releases.data && (
        <>
          <CityProgramme options={options.data} releases={releases.data} />
          <VenueDay options={options.data} />
        </>
      )}
    </div>
  );
}
