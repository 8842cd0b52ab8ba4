/**
 * The PROGRAMAÇÃO agenda: cities on the left, a day strip with the month and arrows, and the
 * chosen day's events in pages (4 above 988 px, 1 up to 988 px; on a phone, a compact stack of 8
 * sessions, paged by swiping too). City, day and page live in the address
 * (?cidade=1&dia=d5&pagina=2), so a choice survives a reload, can be shared, and Back returns to it.
 * The city programme holds the days from today on (src/common/programme/programme-days.ts), so its first
 * day, the one shown when none is chosen, is today during the festival.
 */
import { useLocale } from '../../hooks/use-locale';
import { Trans, useLingui } from '@lingui/react/macro';
import { memo, startTransition, useEffect, useOptimistic, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ProgrammeEvent } from '../../common/api/api-types';
import { DEFAULT_DAY, PARALLEL_EVENTS } from '../../common/constants';
import { INTL_LOCALES, type Locale } from '../../common/i18n/locales';
import { monthInDate, monthName, weekdayName } from '../../common/time/calendar-names';
import { dayFromKey } from '../../common/time/months';
import { pageFromParam, shownPerPage, STACK_BELOW_PX } from '../../common/page-blocks/paging';
import { dayDates, programmeFromToday } from '../../common/programme/programme-days';
import { wallDate } from '../../common/time/lisbon-time';
import { accentProperties } from '../../common/page-blocks/accent-colour';
import { AgendaStar } from '../../agenda/agenda-star';
import { firstMarked, type NowMark } from '../../agenda/now-next';
import { useLisbonNow } from '../../hooks/use-now';
import { NowMarkBadge, useNowAndNext } from '../../agenda/use-now-next';
import { useRequests, useStoreReader } from '../../data/use-api';
import { afterNextPaint } from '../../data/yield-to-browser';
import { programmeRequests, selectedCity } from './programme-view-data';
import { Image } from '../../primitives/image';
import { isLoading, LoadFailure } from '../../primitives/list-state';
import { PagedList } from '../../primitives/paged-list';
import { StatusMessage } from '../../primitives/status-message';
import { usePrefs } from '../../hooks/use-prefs';
import { usePrefersReducedMotion, useWindowWidth } from '../../hooks/use-window-width';
import { VenueDetails } from '../../primitives/venue-details';
import { SessionStatus } from '../../primitives/session/session-status';
import { SessionChange } from '../../primitives/session/session-change';
import { isCancelled } from '../../common/programme/session-status';
import type { MarkedSession } from '../../common/programme/change-marker';
import './programme-view.css';
import { PAGE_QUERY, workPath } from '../../common/addresses/page-paths';
import { useContentLang, useWritten } from '../../hooks/use-content-lang';
import { FollowLine } from '../../primitives/session/follow-line';
import { FollowFilters } from '../../primitives/filters/follow-filters';
import { FOLLOW_QUERY, followFilterOf, followMatches, isFilterEmpty } from '../../common/programme/session-access';

const DAY_BOX_PX = 70;
const PAGE_PARAM = 'pagina';

/** A programme card's session as the change marker reads it (the card has its day and time, the planned time its year). */
function eventSession(event: ProgrammeEvent): MarkedSession {
  const year = event.planned?.starts_at.slice(0, 4) ?? '';
  const starts_at = `${year}-${event.mm.padStart(2, '0')}-${event.dd.padStart(2, '0')}T${event.hh}`;
  return { starts_at, venue_name: event.venue, status: event.status, planned: event.planned };
}

// Memoised: a render of the view that leaves a card's session and mark alone (the day strip
// answering a tap, a page turned) does not render the card again.
const EventCard = memo(function EventCard({ event, mark }: { event: ProgrammeEvent; mark?: NowMark }) {
  const { i18n } = useLingui();
  const written = useWritten(event);
  const contentLang = useContentLang(written('title').lang);
  // A cancelled session stays in the programme, struck through, with the word and the reason.
  const cancelled = isCancelled(event.status) ? ' is-cancelled' : '';
  return (
    <article className={`event-card${event.ismovie === '1' ? '' : ' event-card--activity'}${cancelled}`}>
      <Link to={workPath(event)} className="event-card__link">
        <Image src={event.thumb} alt="" width={480} height={270} className="event-card__thumb" />
        <p className="event-card__time">
          <strong>{event.hh}</strong> <NowMarkBadge mark={mark} />
        </p>
        <h3 className="event-card__title" lang={contentLang}>
          {event.title}
        </h3>
      </Link>
      <div className="event-card__meta">
        <VenueDetails name={event.venue} address={event.venue_address} venueId={event.venue_id} className="event-card__venue" />
        <FollowLine follow={event.follow} film={event.ismovie === '1'} className="event-card__follow" />
        <SessionStatus status={event.status} note={event.status_note} noteWritten={written('status_note')} />
        <SessionChange session={eventSession(event)} />
        <p className="event-card__section">{event.ismovie === '1' ? event.name : i18n._(PARALLEL_EVENTS)}</p>
        <AgendaStar sessionId={event.session_id} context={`${event.title}, ${event.hh}, ${event.venue}`} />
      </div>
    </article>
  );
});

export function ProgrammeView({ headingLevel: Heading = 'h2' }: { headingLevel?: 'h1' | 'h2' }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const [search, setSearch] = useSearchParams();
  const width = useWindowWidth();
  const reducedMotion = usePrefersReducedMotion();
  const prefs = usePrefs();
  // The device's clock, once mounted: a saved copy of the programme opens on today as well.
  const now = useLisbonNow();
  const requests = programmeRequests(search, useStoreReader(), useLocale());
  const { cities, programme } = useRequests(requests, 60_000);
  const cityId = selectedCity(search, cities.data);
  const cityName = cities.data?.find((c) => c.id === cityId)?.name ?? '';
  const strip = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLElement>(null);
  // The spec resets the day when the city changes; the day the visitor had chosen is offered back
  // ("Ver sex 27 em Porto") when the new city has sessions on it.
  const [leftDay, setLeftDay] = useState<string | null>(null);

  const festivalStart = prefs?.festivalStart ?? '';
  const answer = programme.data && now ? programmeFromToday(programme.data, now, festivalStart) : programme.data;
  const days = answer && !Array.isArray(answer.festivals) ? answer.festivals : {};
  const dayKeys = Object.keys(days);
  const dates = dayDates(days, festivalStart);
  const today = now ? wallDate(now) : undefined;
  const wantedDay = search.get(PAGE_QUERY.day) ?? DEFAULT_DAY;
  // Day '0' (none chosen) selects the city's first day: today, during the festival.
  const day = dayKeys.includes(wantedDay) ? wantedDay : (dayKeys[0] ?? DEFAULT_DAY);
  // The visitor's filters (subtitles, age, access): in the address, so the server renders them too.
  const filter = followFilterOf(search);
  const dayEvents = days[day] ?? [];
  const events = isFilterEmpty(filter) ? dayEvents : dayEvents.filter((e) => followMatches(e.follow, filter));
  // The days the filters leave something on, so that the strip marks the others and an emptied day points to one.
  const keptDays = isFilterEmpty(filter) ? null : dayKeys.filter((key) => (days[key] ?? []).some((e) => followMatches(e.follow, filter)));
  const dayIndex = dayKeys.indexOf(day);
  const nearestKept =
    keptDays?.find((key) => dayKeys.indexOf(key) > dayIndex) ?? keptDays?.filter((key) => dayKeys.indexOf(key) < dayIndex).at(-1);
  // A tapped day is marked chosen at once; its sessions follow in the router's transition (a day's
  // cards are the screen's heaviest render: on a slow phone the tap would otherwise show nothing
  // until they are all drawn).
  const [markedDay, markDay] = useOptimistic(day);
  const monthOf = (key: string) => Number(dates.get(key)?.slice(5, 7) ?? days[key]?.[0]?.mm ?? 0);
  const month = monthOf(day);
  const stacked = width < STACK_BELOW_PX;
  const perPage = shownPerPage.programme(width);
  // Today: "A decorrer" / "A seguir", and the list opens on the page of the first of them
  // (until the visitor chooses a page: then the address keeps theirs).
  const marks = useNowAndNext(events);
  const opening = firstMarked(events, (e) => e.session_id, marks);
  const openingPage = opening > 0 ? Math.floor(opening / perPage) : 0;
  const pageParam = search.get(PAGE_PARAM);

  // Centre the chosen day in the strip, scrolling the strip only (never the page).
  useEffect(() => {
    const box = strip.current;
    const chosen = box?.querySelector<HTMLElement>('[aria-current="date"]');
    if (box && chosen) box.scrollTo({ left: chosen.offsetLeft - (box.clientWidth - chosen.offsetWidth) / 2 });
  }, [day, cityId]);

  // The settings' agenda colour is the accent of the chosen city and day, darkened where white text
  // on it would fall below AA (custom properties set from script: the CSP allows no style attribute).
  const agendaColor = prefs?.agendaColor;
  useEffect(() => {
    const box = root.current;
    for (const [name, value] of Object.entries(accentProperties(agendaColor))) box?.style.setProperty(name, value);
  }, [agendaColor]);

  // A failed read says so (with a retry), never an endless "A OBTER LISTA DE EVENTOS".
  const failedPath =
    cities.status === 'error' ? requests.cities.path : programme.status === 'error' && !programme.data ? requests.programme?.path : null;
  const loading = !cityId || (!programme.data && isLoading(programme));
  /** "sexta-feira, 27 de novembro" (the day's number and month alone when its date is not known). */
  const spokenDate = (date: string, key: string) => {
    const number = dayFromKey(key);
    const monthWord = monthInDate(monthOf(key), locale);
    if (date) {
      const weekday = weekdayName(date, 'long', locale);
      return t`${weekday}, ${number} de ${monthWord}`;
    }
    return t`${number} de ${monthWord}`;
  };
  /** "Ver sex 27 em Porto": the day the visitor had chosen, offered back in the city chosen now. */
  const seeDayIn = (key: string) => {
    const date = dates.get(key);
    const number = dayFromKey(key);
    if (date) {
      const weekday = weekdayName(date, 'short', locale);
      return t`Ver ${weekday} ${number} em ${cityName}`;
    }
    return t`Ver ${number} em ${cityName}`;
  };
  /** "Ver qua 8": the nearest day the filters leave sessions on. */
  const seeDay = (key: string) => {
    const date = dates.get(key);
    const number = dayFromKey(key);
    const weekday = date ? weekdayName(date, 'short', locale) : '';
    return weekday ? t`Ver ${weekday} ${number}` : t`Ver dia ${number}`;
  };
  const eventsOf = (key: string, monthNumber: number) => {
    const number = dayFromKey(key);
    const monthWord = monthInDate(monthNumber, locale);
    return t`Eventos de ${number} de ${monthWord}`;
  };
  const scrollDays = (direction: -1 | 1) =>
    strip.current?.scrollBy({ left: direction * DAY_BOX_PX * 3, behavior: reducedMotion ? 'auto' : 'smooth' });
  // A city or a day chosen keeps the filters chosen.
  const choose = (params: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const name of Object.values(FOLLOW_QUERY)) {
      const value = search.get(name);
      if (value) next.set(name, value);
    }
    setSearch(next, { replace: true, preventScrollReset: true });
  };
  const choosePage = (page: number) => {
    const next = new URLSearchParams(search);
    if (page === openingPage) next.delete(PAGE_PARAM);
    else next.set(PAGE_PARAM, String(page + 1));
    setSearch(next, { replace: true, preventScrollReset: true });
  };

  return (
    <section ref={root} className="block programme-view" aria-labelledby="programme-title">
      <Heading id="programme-title" className="block__title">
        <Trans>PROGRAMAÇÃO</Trans>
      </Heading>
      <div className="programme-view__body">
        <nav className="city-list" aria-label={t`Cidades`}>
          <ul>
            {(cities.data ?? []).map((city) => (
              <li key={city.id}>
                <button
                  type="button"
                  className="city-list__city"
                  aria-pressed={city.id === cityId}
                  onClick={() => {
                    setLeftDay(city.id !== cityId && day !== dayKeys[0] ? day : null);
                    choose({ [PAGE_QUERY.city]: city.id });
                  }}
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
            <StatusMessage>
              <Trans>A OBTER LISTA DE EVENTOS</Trans>
            </StatusMessage>
          ) : (
            <>
              <div className="day-strip">
                <p className="day-strip__month">{monthName(monthOf(markedDay), locale).toLocaleUpperCase(INTL_LOCALES[locale])}</p>
                <button type="button" className="day-strip__arrow" aria-label={t`Dias anteriores`} onClick={() => scrollDays(-1)}>
                  ‹
                </button>
                <div className="day-strip__days" ref={strip}>
                  {dayKeys.map((key) => {
                    const date = dates.get(key) ?? '';
                    const isToday = date !== '' && date === today;
                    const weekday = date ? weekdayName(date, 'short', locale) : '';
                    const spoken = spokenDate(date, key);
                    const named = isToday ? t`Hoje, ${spoken}` : spoken;
                    const emptied = keptDays !== null && !keptDays.includes(key);
                    return (
                      <button
                        key={key}
                        type="button"
                        className={`day-strip__day${isToday ? ' is-today' : ''}${emptied ? ' is-emptied' : ''}`}
                        aria-current={key === markedDay ? 'date' : undefined}
                        aria-label={emptied ? t`${named}: nenhuma sessão com estes filtros` : named}
                        onClick={() => {
                          setLeftDay(null);
                          // The day is marked in the tap's own frame. The address (react-router's
                          // history.replaceState, some 20 ms on a slow phone) and the day's sessions
                          // follow once that frame is painted, in the same action: the mark stays
                          // until they are on screen.
                          startTransition(async () => {
                            markDay(key);
                            await afterNextPaint();
                            startTransition(() => choose({ [PAGE_QUERY.city]: cityId, [PAGE_QUERY.day]: key }));
                          });
                        }}
                      >
                        <span className="day-strip__weekday">{isToday ? t`Hoje` : weekday}</span>
                        <span className="day-strip__number">{dayFromKey(key)}</span>
                      </button>
                    );
                  })}
                </div>
                <button type="button" className="day-strip__arrow" aria-label={t`Dias seguintes`} onClick={() => scrollDays(1)}>
                  ›
                </button>
              </div>
              {leftDay && leftDay !== day && dayKeys.includes(leftDay) ? (
                <p className="programme-view__kept-day">
                  <button
                    type="button"
                    className="button button--ghost"
                    onClick={() => {
                      setLeftDay(null);
                      choose({ [PAGE_QUERY.city]: cityId, [PAGE_QUERY.day]: leftDay });
                    }}
                  >
                    {seeDayIn(leftDay)}
                  </button>
                </p>
              ) : null}
              {cityId ? <FollowFilters keep={{ [PAGE_QUERY.city]: cityId, [PAGE_QUERY.day]: day }} id="filtros-programa" /> : null}
              {events.length === 0 && dayEvents.length > 0 ? (
                <>
                  <StatusMessage>{t`Nenhuma sessão deste dia com estes filtros.`}</StatusMessage>
                  {nearestKept ? (
                    <p className="programme-view__kept-day">
                      <button
                        type="button"
                        className="button button--ghost"
                        onClick={() => choose({ [PAGE_QUERY.city]: cityId, [PAGE_QUERY.day]: nearestKept })}
                      >
                        {seeDay(nearestKept)}
                      </button>
                    </p>
                  ) : null}
                </>
              ) : events.length === 0 ? (
                <StatusMessage>{(answer?.numPastEvents ?? 0) === 0 ? t`A ANUNCIAR BREVEMENTE` : t`EVENTO TERMINADO`}</StatusMessage>
              ) : (
                <PagedList
                  items={events}
                  perPage={perPage}
                  resetKey={`${cityId}|${day}|${filter.subtitles ?? ''}|${filter.age ?? ''}|${filter.access ?? ''}`}
                  page={pageParam === null ? openingPage : pageFromParam(pageParam)}
                  onPageChange={choosePage}
                  showCount={stacked}
                  label={eventsOf(day, month)}
                  className="paged--events"
                  dimmed={isLoading(programme)}
                  itemKey={(e) => e.session_id}
                  renderItem={(e) => <EventCard event={e} mark={marks.get(e.session_id)} />}
                />
              )}
            </>
          )}
        </div>
      </div>
    </section>
  );
}
