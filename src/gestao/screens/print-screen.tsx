/**
 * "Programa impresso": a city's programme as an A4 PDF, from the release on the site or an
 * earlier one; and "Hoje nesta sala", the sheet for a venue's front of house on one festival day.
 * Both are made by the server (/gestao/api/print/…) from published content, never the draft.
 */
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

const KIND_LABELS: Record<ReleaseKind, string> = { publicacao: 'publicação', reposicao: 'reposição', importacao: 'importação' };

const failure = (error: unknown): Status => ({
  kind: 'error',
  text: refusalMessage(error, 'Não foi possível fazer o PDF. Tente de novo.'),
});

/** One PDF asked for: busy while it is made, then "Descarregado: …" or why not, beside the button. */
function usePdfDownload(making: string) {
  const [status, setStatus] = useState<Status | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  /** Runs the download of `fileName` (api.ts download). */
  const start = (fileName: string, save: () => Promise<void>) => {
    setBusy(true);
    setStatus({ kind: 'ok', text: making });
    save()
      .then(
        () => setStatus({ kind: 'ok', text: `Descarregado: ${fileName}` }),
        (error: unknown) => setStatus(failure(error)),
      )
      .finally(() => setBusy(false));
  };
  return { status, busy, start };
}

function CityProgramme({ options, releases }: { options: PrintOptions; releases: ReleaseSummary[] }) {
  const [city, setCity] = useState('');
  const [release, setRelease] = useState('latest');
  const { status, busy, start } = usePdfDownload('A fazer o PDF…');
  // Until a city is chosen, the first one (the list comes from the server).
  const chosen = options.cities.find((c) => String(c.id) === city) ?? options.cities[0];
  return (
    <section className="print-screen__part" aria-labelledby="imprimir-programa-titulo">
      <h2 id="imprimir-programa-titulo">Programa de uma cidade</h2>
      <p>
        A grelha de cada dia e o programa dia a dia, com as sessões canceladas assinaladas. Sai do que está publicado: o rascunho não entra.
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
            <label htmlFor="imprimir-cidade">Cidade</label>
            <select id="imprimir-cidade" value={chosen ? String(chosen.id) : ''} onChange={(e) => setCity(e.target.value)}>
              {options.cities.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <div className="gestao-field">
            <label htmlFor="imprimir-publicacao">Publicação</label>
            <select id="imprimir-publicacao" value={release} onChange={(e) => setRelease(e.target.value)}>
              <option value="latest">A que está no site{options.release === null ? '' : ` (n.º ${options.release})`}</option>
              {releases.map((r) => (
                <option key={r.number} value={r.number}>
                  N.º {r.number} · {KIND_LABELS[r.kind]} de {lisbonMoment(r.publishedAt)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <StatusLine status={status} />
        <div className="gestao-actions">
          <button type="submit" disabled={busy || !chosen}>
            Descarregar o programa (PDF)
          </button>
        </div>
      </form>
    </section>
  );
}

function VenueDay({ options }: { options: PrintOptions }) {
  const [venue, setVenue] = useState('');
  const [day, setDay] = useState('');
  const { status, busy, start } = usePdfDownload('A fazer a folha…');
  const chosenVenue = options.venues.find((v) => String(v.id) === venue) ?? options.venues[0];
  const chosenDay = options.days.includes(day) ? day : openingDay(options.days, options.today);
  return (
    <section className="print-screen__part" aria-labelledby="imprimir-sala-titulo">
      <h2 id="imprimir-sala-titulo">Hoje nesta sala</h2>
      <p>
        Uma folha A4 em letra grande para a entrada da sala: as sessões do dia, com duração, hora de fim, convidados e estado. Uma sessão
        depois da meia-noite conta no dia anterior (o dia do festival acaba às 06:00).
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
            <label htmlFor="imprimir-sala">Sala</label>
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
            <label htmlFor="imprimir-dia">Dia</label>
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
            Descarregar a folha (PDF)
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
      <h1>Programa impresso</h1>
      {error && (
        <p className="gestao-status gestao-status--error" role="alert">
          {error}
        </p>
      )}
      {!error && (!options.data || !releases.data) && <p role="status">A carregar…</p>}
      {options.data && releases.data && (
        <>
          <CityProgramme options={options.data} releases={releases.data} />
          <VenueDay options={options.data} />
        </>
      )}
    </div>
  );
}
