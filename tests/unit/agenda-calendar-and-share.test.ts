/**
 * The agenda's calendar file, read back by an independent iCalendar parser (ical.js), its share
 * link, and the now-and-next marks of today's programme.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { AgendaSession } from '../../src/common/api/api-types';
import { agendaCalendar, sessionUid } from '../../src/common/agenda/agenda-calendar';
import { firstMarked, nowAndNext } from '../../src/agenda/now-next';
import { calendarFeedLink, MAX_SHARED_SESSIONS, parseSharedIds, shareLink } from '../../src/common/agenda/agenda-link';
import { FOLLOWS_NOTHING } from '../../src/common/programme/session-access';

const sessions: AgendaSession[] = [
  {
    id: '12',
    work_id: '101',
    ismovie: '1',
    title: 'O Verão de Ada',
    starts_at: '2026-04-05T21:30',
    venue_id: '1',
    venue_name: 'Cinema São Jorge',
    venue_address: 'Avenida da Liberdade, 175, 1250-141 Lisboa',
    city_id: '1',
    city_name: 'Lisboa',
    duration_min: 104,
    status: '',
    status_note: '',
    follow: FOLLOWS_NOTHING,
    version: 'a',
    sequence: 0,
  },
  {
    id: '48',
    work_id: '205',
    ismovie: '0',
    title: 'Masterclass: a luz de Roma',
    // Winter time: Lisbon is UTC+0 then, UTC+1 in April.
    starts_at: '2026-11-02T18:00',
    venue_id: '5',
    venue_name: 'Teatro Municipal Rivoli',
    venue_address: '',
    city_id: '2',
    city_name: 'Porto',
    duration_min: 60,
    status: '',
    status_note: '',
    follow: FOLLOWS_NOTHING,
    version: 'b',
    sequence: 0,
  },
];

function parse(text: string) {
  const calendar = ICAL.Component.fromString(text);
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar;
}

describe('the agenda as an iCalendar file', () => {
  const text = agendaCalendar(sessions, { publicUrl: 'https://festa.example.pt', name: 'A minha agenda' });
  const calendar = parse(text);
  const events = calendar.getAllSubcomponents('vevent');

  it('has one event per session, each with a 30-minute display alarm', () => {
    expect(events).toHaveLength(2);
    for (const event of events) {
      const alarms = event.getAllSubcomponents('valarm');
      expect(alarms).toHaveLength(1);
      expect(alarms[0]!.getFirstPropertyValue('action')).toBe('DISPLAY');
      expect(String(alarms[0]!.getFirstPropertyValue('trigger'))).toBe('-PT30M');
    }
  });

  it('writes Lisbon times with TZID=Europe/Lisbon and the zone’s VTIMEZONE, right in summer and in winter', () => {
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Europe/Lisbon');
    expect(text).toContain('DTSTART;TZID=Europe/Lisbon:20260405T213000');
    const instants = events.map((event) => new ICAL.Event(event).startDate.toJSDate().toISOString());
    expect(instants).toEqual(['2026-04-05T20:30:00.000Z', '2026-11-02T18:00:00.000Z']);
    const ends = events.map((event) => new ICAL.Event(event).endDate.toJSDate().toISOString());
    expect(ends).toEqual(['2026-04-05T22:14:00.000Z', '2026-11-02T19:00:00.000Z']);
    // DTSTAMP is UTC, as RFC 5545 requires.
    expect(text).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
  });

  it('gives each session a stable UID, the venue and its street address (or its city) as LOCATION and its page as URL', () => {
    const read = events.map((event) => ({
      uid: event.getFirstPropertyValue('uid'),
      location: event.getFirstPropertyValue('location'),
      url: event.getFirstPropertyValue('url'),
      summary: event.getFirstPropertyValue('summary'),
    }));
    expect(read).toEqual([
      {
        uid: 'sessao-12@festa.example.pt',
        location: 'Cinema São Jorge, Avenida da Liberdade, 175, 1250-141 Lisboa',
        url: 'https://festa.example.pt/filme/101',
        summary: 'O Verão de Ada',
      },
      {
        uid: 'sessao-48@festa.example.pt',
        location: 'Teatro Municipal Rivoli, Porto',
        url: 'https://festa.example.pt/actividade/205',
        summary: 'Masterclass: a luz de Roma',
      },
    ]);
    // The same session, moved, keeps its UID: a calendar updates the event instead of doubling it.
    const moved = agendaCalendar([{ ...sessions[0]!, starts_at: '2026-04-05T22:00' }], {
      publicUrl: 'https://festa.example.pt',
      name: 'x',
    });
    expect(parse(moved).getFirstSubcomponent('vevent')?.getFirstPropertyValue('uid')).toBe(sessionUid('12', 'festa.example.pt'));
  });
});

describe('the share link', () => {
  it('carries the session ids, sorted and without repeats, and reads back the same ids', () => {
    const link = shareLink('https://festa.example.pt', ['48', '12', '205', '12']);
    expect(link).toBe('https://festa.example.pt/agenda?sessoes=12.48.205');
    expect(parseSharedIds(new URL(link).searchParams.get('sessoes')!)).toEqual({ ok: true, ids: ['12', '48', '205'] });
  });

  it('refuses anything else with a pt-PT message', () => {
    for (const bad of ['', 'abc', '12,48', '12..48', '-3', '1.2.x']) {
      const parsed = parseSharedIds(bad);
      expect(parsed.ok, bad).toBe(false);
      if (!parsed.ok) expect(parsed.message).toMatch(/^Esta ligação de agenda não é válida/);
    }
    const tooMany = Array.from({ length: MAX_SHARED_SESSIONS + 1 }, (_, i) => String(i + 1)).join('.');
    expect(parseSharedIds(tooMany)).toEqual({
      ok: false,
      message: `Esta ligação de agenda traz sessões a mais (no máximo ${MAX_SHARED_SESSIONS}).`,
    });
  });
});

describe('now and next on today’s programme', () => {
  const day = [
    { id: 'a', starts_at: '2026-04-05T14:00', duration_min: 90 },
    { id: 'b', starts_at: '2026-04-05T15:00', duration_min: 100 },
    { id: 'c', starts_at: '2026-04-05T17:00', duration_min: 90 },
    { id: 'd', starts_at: '2026-04-05T17:00', duration_min: 120 },
    { id: 'e', starts_at: '2026-04-05T21:00', duration_min: 90 },
  ];

  it('marks the sessions running now and every session of the next start time', () => {
    const marks = nowAndNext(day, '2026-04-05T15:20');
    expect([...marks]).toEqual([
      ['a', 'now'],
      ['b', 'now'],
      ['c', 'next'],
      ['d', 'next'],
    ]);
    expect(firstMarked(day, (s) => s.id, marks)).toBe(0);
    expect(firstMarked(day, (s) => s.id, nowAndNext(day, '2026-04-05T18:00'))).toBe(2);
  });

  it('marks only "a seguir" before the first session and nothing after the last has ended', () => {
    expect([...nowAndNext(day, '2026-04-05T09:00')]).toEqual([['a', 'next']]);
    expect(nowAndNext(day, '2026-04-05T23:00').size).toBe(0);
  });

  it('marks nothing on another day', () => {
    expect(nowAndNext(day, '2026-04-06T15:20').size).toBe(0);
  });
});

describe('the subscribed calendar', () => {
  it('is a webcal:// address of the sessions, in order, on the same host', () => {
    expect(calendarFeedLink('https://festa.example.pt', ['219', '204', '219'])).toBe(
      'webcal://festa.example.pt/admin/agenda/204.219/calendario.ics',
    );
    expect(calendarFeedLink('http://127.0.0.1:4173', ['7'])).toBe('webcal://127.0.0.1:4173/admin/agenda/7/calendario.ics');
  });

  it("names the page's language, when it is not pt-PT, so the calendar speaks it", () => {
    expect(calendarFeedLink('https://festa.example.pt', ['7'], 'en')).toBe(
      'webcal://festa.example.pt/admin/agenda/7/calendario.ics?lang=en',
    );
    expect(calendarFeedLink('https://festa.example.pt', ['7'], 'it')).toBe(
      'webcal://festa.example.pt/admin/agenda/7/calendario.ics?lang=it',
    );
    expect(calendarFeedLink('https://festa.example.pt', ['7'], 'pt-PT')).toBe('webcal://festa.example.pt/admin/agenda/7/calendario.ics');
  });

  it("carries each session's SEQUENCE when the feed knows it, 0 otherwise", () => {
    const text = agendaCalendar(sessions, { publicUrl: 'https://festa.example.pt', name: 'Feed', sequences: new Map([['12', 3]]) });
    const sequences = parse(text)
      .getAllSubcomponents('vevent')
      .map((event) => [String(event.getFirstPropertyValue('uid')).split('@')[0], event.getFirstPropertyValue('sequence')]);
    expect(sequences).toEqual([
      ['sessao-12', 3],
      [`sessao-${sessions[1]!.id}`, 0],
    ]);
  });
});

describe('the reminder before a session', () => {
  const lisbon = { ...sessions[0]!, id: '31', starts_at: '2026-04-07T15:00', city_id: '1', city_name: 'Lisboa' };
  const porto = { ...sessions[1]!, id: '32', starts_at: '2026-04-07T21:30', city_id: '2', city_name: 'Porto' };
  const travelTimes = [{ from_city_id: '1', to_city_id: '2', minutes: 180 }];
  const alarms = (list: AgendaSession[], travel = travelTimes) =>
    parse(agendaCalendar(list, { publicUrl: 'https://festa.example.pt', name: 'x', travelTimes: travel }))
      .getAllSubcomponents('vevent')
      .map((event) => {
        const alarm = event.getFirstSubcomponent('valarm')!;
        return [String(alarm.getFirstPropertyValue('trigger')), String(alarm.getFirstPropertyValue('description'))];
      });

  it('allows for the journey when the session before it that day is in another city', () => {
    expect(alarms([porto, lisbon])).toEqual([
      ['-PT30M', expect.stringContaining('começa daqui a 30 minutos') as unknown],
      ['-PT3H30M', expect.stringMatching(/^Hora de partir para Porto: a viagem leva 3 h e .+ começa às 21:30/) as unknown],
    ]);
  });

  it('is 30 minutes when the journey is unknown or the day is another', () => {
    expect(alarms([lisbon, porto], []).map(([trigger]) => trigger)).toEqual(['-PT30M', '-PT30M']);
    expect(alarms([lisbon, { ...porto, starts_at: '2026-04-08T21:30' }]).map(([trigger]) => trigger)).toEqual(['-PT30M', '-PT30M']);
  });
});
