/**
 * The PROGRAMAÇÃO agenda: cities on the left, a day strip with the month and arrows, and the
 * chosen day's events in pages (4 above 988 px, otherwise 1). City and day live in the address
 * (?cidade=1&dia=d5), so a choice survives a reload and can be shared.
 */
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ProgrammeEvent } from '../common/api-types';
import { DEFAULT_DAY, PARALLEL_EVENTS_LABEL } from '../common/constants';
import { dayFromKey, monthName } from '../common/months';
import { perPage } from '../common/paging';
import { useRequests, useStoreReader } from '../data/use-api';
import { programmeRequests, selectedCity } from './programme-view-data';
import { workPath } from './cards';
import { Image } from './image';
import { LoadFailure } from './list-state';
import { PagedList } from './paged-list';
import { StatusMessage } from './status-message';
import { usePrefs } from './use-prefs';
import { usePrefersReducedMotion, useWindowWidth } from './use-window-width';

const DAY_BOX_PX = 70;

/** Month number of each festival day key, from the festival's dates. */
function monthsOfDays(start: string | undefined, end: string | undefined): Map<string, number> {
  const months = new Map<string, number>();
  if (!start || !end) return months;
  for (let d = new Date(`${start}T12:00:00Z`); d.toISOString().slice(0, 10) <= end; d.setUTCDate(d.getUTCDate() + 1)) {
    months.set(`d${d.getUTCDate()}`, d.getUTCMonth() + 1);
  }
  return months;
}

function EventCard({ event }: { event: ProgrammeEvent }) {
  return (
    <article className={`event-card${event.ismovie === '1' ? '' : ' event-card--activity'}`}>
      <Link to={workPath(event)} className="event-card__link">
        <Image src={event.thumb} alt="" width={480} height={270} className="event-card__thumb" />
        <p className="event-card__time">
          <strong>{event.hh}</strong> · {event.venue}
        </p>
        <h3 className="event-card__title">{event.title}</h3>
      </Link>
      <p className="event-card__section">{event.ismovie === '1' ? event.name : PARALLEL_EVENTS_LABEL}</p>
    </article>
  );
}

export function ProgrammeView({ headingLevel: Heading = 'h2' }: { headingLevel?: 'h1' | 'h2' }) {
  const [search, setSearch] = useSearchParams();
  const width = useWindowWidth();
  const reducedMotion = usePrefersReducedMotion();
  const prefs = usePrefs();
  const requests = programmeRequests(search, useStoreReader());
  const { cities, programme } = useRequests(requests, 60_000);
  const cityId = selectedCity(search, cities.data);
  const strip = useRef<HTMLDivElement>(null);

  const days = programme.data && !Array.isArray(programme.data.festivals) ? programme.data.festivals : {};
  const dayKeys = Object.keys(days);
  const wantedDay = search.get('dia') ?? DEFAULT_DAY;
  // Day '0' (none chosen) selects the city's first day.
  const day = dayKeys.includes(wantedDay) ? wantedDay : (dayKeys[0] ?? DEFAULT_DAY);
  const events = days[day] ?? [];
  const months = monthsOfDays(prefs?.festivalStart, prefs?.festivalEnd);
  const month = months.get(day) ?? Number(events[0]?.mm ?? 0);

  // Centre the chosen day in the strip, scrolling the strip only (never the page).
  useEffect(() => {
    const box = strip.current;
    const chosen = box?.querySelector<HTMLElement>('[aria-current="date"]');
    if (box && chosen) box.scrollTo({ left: chosen.offsetLeft - (box.clientWidth - chosen.offsetWidth) / 2 });
  }, [day, cityId]);

  // A failed read says so (with a retry), never an endless "A OBTER LISTA DE EVENTOS".
  const failedPath =
    cities.status === 'error' ? requests.cities.path : programme.status === 'error' && !programme.data ? requests.programme?.path : null;
  const loading = !cityId || programme.status === 'loading' || (programme.fetching && !programme.data);
  const scrollDays = (direction: -1 | 1) =>
    strip.current?.scrollBy({ left: direction * DAY_BOX_PX * 3, behavior: reducedMotion ? 'auto' : 'smooth' });
  const choose = (params: Record<string, string>) => setSearch(params, { replace: true, preventScrollReset: true });

  return (
    <section className="block programme-view" aria-labelledby="programme-title">
      <Heading id="programme-title" className="block__title">
        PROGRAMAÇÃO
      </Heading>
      <div className="programme-view__body">
        <nav className="city-list" aria-label="Cidades">
          <ul>
            {(cities.data ?? []).map((city) => (
              <li key={city.id}>
                <button
                  type="button"
                  className="city-list__city"
                  aria-pressed={city.id === cityId}
                  onClick={() => choose({ cidade: city.id })}
                >
                  {city.name}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div className="programme-view__agenda">
          {failedPath ? (
            <LoadFailure path={failedPath} />
          ) : loading ? (
            <StatusMessage>A OBTER LISTA DE EVENTOS</StatusMessage>
          ) : (
            <>
              <div className="day-strip">
                <p className="day-strip__month">{monthName(month).toUpperCase()}</p>
                <button type="button" className="day-strip__arrow" aria-label="Dias anteriores" onClick={() => scrollDays(-1)}>
                  ‹
                </button>
                <div className="day-strip__days" ref={strip}>
                  {dayKeys.map((key) => (
                    <button
                      key={key}
                      type="button"
                      className="day-strip__day"
                      aria-current={key === day ? 'date' : undefined}
                      aria-label={`${dayFromKey(key)} de ${monthName(months.get(key) ?? month)}`}
                      onClick={() => choose({ cidade: cityId, dia: key })}
                    >
                      {dayFromKey(key)}
                    </button>
                  ))}
                </div>
                <button type="button" className="day-strip__arrow" aria-label="Dias seguintes" onClick={() => scrollDays(1)}>
                  ›
                </button>
              </div>
              {events.length === 0 ? (
                <StatusMessage>{(programme.data?.numPastEvents ?? 0) === 0 ? 'A ANUNCIAR BREVEMENTE' : 'EVENTO TERMINADO'}</StatusMessage>
              ) : (
                <PagedList
                  items={events}
                  perPage={perPage.programme(width)}
                  resetKey={`${cityId}|${day}`}
                  label={`Eventos de ${dayFromKey(day)} de ${monthName(month)}`}
                  className="paged--events"
                  dimmed={programme.fetching}
                  itemKey={(e) => e.session_id}
                  renderItem={(e) => <EventCard event={e} />}
                />
              )}
            </>
          )}
        </div>
      </div>
    </section>
  );
}
