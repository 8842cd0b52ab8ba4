/**
 * The rules behind a programme that opens on today and the small things that make people trust
 * the app: the days of a city programme and the "from today" rule shared by server and browser,
 * weekday names, plural agreement, storage units, a film's facts, compact paging on a phone, and
 * the outbox telling when a post that waited has gone.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { CityProgramme, ProgrammeEvent } from '../../src/common/api/api-types';
import { humanBytes } from '../../src/common/text/bytes';
import { filmFacts } from '../../src/common/films/film-facts';
import { pageFromParam, perPage, shownPerPage, STACK_ROWS } from '../../src/common/page-blocks/paging';
import { plural } from '../../src/common/text/plural';
import { weekdayName } from '../../src/common/time/calendar-names';
import { dayDates, programmeFromToday } from '../../src/common/programme/programme-days';
import { deliveryLine } from '../../src/forms/use-queued-delivery';
import { openFestaDb } from '../../src/data/db';
import { Outbox, type Transport } from '../../src/data/outbox';
import { QUEUED_MESSAGE } from '../../src/data/queued-message';
import { pendingLine } from '../../src/pwa/outbox-status';
import { FOLLOWS_NOTHING } from '../../src/common/programme/session-access';

function event(dd: number, mm: number, hh: string, id: number): ProgrammeEvent {
  return {
    id: String(id),
    title: `Filme ${id}`,
    thumb: '',
    name: 'Competição',
    keywords: '',
    logline: '',
    highlight: '0',
    ismovie: '1',
    mm: String(mm),
    dd: String(dd),
    session_id: String(id),
    hh,
    venue: 'Cinema São Jorge',
    venue_address: 'Avenida da Liberdade, 175, 1250-141 Lisboa',
    venue_id: '1',
    status: '',
    status_note: '',
    follow: FOLLOWS_NOTHING,
  };
}

/** A festival from 30 November to 3 December: the 1st has no event in this city. */
const whole: CityProgramme = {
  festivals: {
    d30: [event(30, 11, '15:00', 1), event(30, 11, '21:00', 2)],
    d1: [],
    d2: [event(2, 12, '11:00', 3), event(2, 12, '18:30', 4), event(2, 12, '21:30', 5)],
    d3: [event(3, 12, '21:00', 6)],
  },
  numPastEvents: 0,
};
const START = '2026-11-30';
const keys = (p: CityProgramme) => Object.keys(p.festivals);

describe('the days of a city programme', () => {
  it('dates every day key, across the end of a month, empty days included', () => {
    expect([...dayDates(whole.festivals as Record<string, ProgrammeEvent[]>, START)]).toEqual([
      ['d30', '2026-11-30'],
      ['d1', '2026-12-01'],
      ['d2', '2026-12-02'],
      ['d3', '2026-12-03'],
    ]);
  });

  it('names the weekday the same on the server and in the browser', () => {
    expect(weekdayName('2026-11-22')).toBe('dom');
    expect(weekdayName('2026-11-28')).toBe('sáb');
    expect(weekdayName('2026-11-24', 'long')).toBe('terça-feira');
  });
});

describe('a city programme from today', () => {
  it('holds every day before the festival, with nothing past', () => {
    const before = programmeFromToday(whole, '2026-11-20T10:00', START);
    expect(keys(before)).toEqual(['d30', 'd1', 'd2', 'd3']);
    expect(before.numPastEvents).toBe(0);
  });

  it('opens on today during the festival, counting the days before and what began today', () => {
    const during = programmeFromToday(whole, '2026-12-02T19:00', START);
    expect(keys(during)).toEqual(['d2', 'd3']);
    // Two on the 30th, and the 11:00 and 18:30 of the 2nd.
    expect(during.numPastEvents).toBe(4);
  });

  it('keeps an empty today (the day strip still shows it)', () => {
    expect(keys(programmeFromToday(whole, '2026-12-01T09:00', START))).toEqual(['d1', 'd2', 'd3']);
  });

  it('holds no day after the festival, and counts every event', () => {
    const after = programmeFromToday(whole, '2026-12-05T12:00', START);
    expect(after).toEqual({ festivals: {}, numPastEvents: 6 });
  });

  it('gives a copy saved yesterday the days and the past a fresh answer has today (offline)', () => {
    const savedYesterday = programmeFromToday(whole, '2026-11-30T16:00', START);
    expect(keys(savedYesterday)).toEqual(['d30', 'd1', 'd2', 'd3']);
    expect(savedYesterday.numPastEvents).toBe(1);
    const today = '2026-12-02T10:00';
    const fresh = programmeFromToday(whole, today, START);
    const fromCopy = programmeFromToday(savedYesterday, today, START);
    expect(keys(fromCopy)).toEqual(keys(fresh));
    expect(fromCopy).toEqual(fresh);
    // Applied again to its own answer, nothing changes.
    expect(programmeFromToday(fresh, today, START)).toEqual(fresh);
  });

  it('leaves a city without any session as it is', () => {
    expect(programmeFromToday({ festivals: [], numPastEvents: 0 }, '2026-12-02T10:00', START)).toEqual({ festivals: [], numPastEvents: 0 });
  });
});

describe('counts in pt-PT', () => {
  it('agree with their number, verbs included', () => {
    expect(pendingLine(1)).toBe('1 envio guardado, será enviado quando voltar a ter ligação.');
    expect(pendingLine(2)).toBe('2 envios guardados, serão enviados quando voltar a ter ligação.');
    expect(plural(0, { one: '{n} sessão', other: '{n} sessões' })).toBe('0 sessões');
  });

  it('storage in the unit a person reads', () => {
    expect(humanBytes(1.7 * 1024 * 1024)).toBe('1,7 MB');
    expect(humanBytes(10241.7 * 1024 * 1024)).toBe('10 GB');
    expect(humanBytes(24 * 1024)).toBe('24 KB');
    expect(humanBytes(1023.97 * 1024 * 1024)).toBe('1 GB');
    expect(humanBytes(512)).toBe('512 B');
  });
});

describe("a film's facts near the top", () => {
  it('say duration, language and subtitles when known', () => {
    expect(filmFacts({ duration_min: 98, language: 'Italiano', subtitles: 'Português' })).toEqual([
      '98 min',
      'Falado em italiano',
      'Legendas em português',
    ]);
    expect(filmFacts({ duration_min: 0, language: '', subtitles: '' })).toEqual([]);
  });
});

describe('paging on a phone', () => {
  it("stacks a screenful where the spec's pages hold one card", () => {
    expect([perPage.programme(412), shownPerPage.programme(412), shownPerPage.programme(600), shownPerPage.programme(1280)]).toEqual([
      1,
      STACK_ROWS.programme,
      1,
      4,
    ]);
    expect(STACK_ROWS.programme).toBeGreaterThanOrEqual(6);
    expect([shownPerPage.films(412), shownPerPage.films(600)]).toEqual([STACK_ROWS.films, 3]);
    expect(STACK_ROWS.films).toBeGreaterThanOrEqual(6);
  });

  it('reads the page of the address, 1-based', () => {
    expect([pageFromParam(null), pageFromParam('1'), pageFromParam('3'), pageFromParam('0'), pageFromParam('x')]).toEqual([0, 0, 2, 0, 0]);
  });
});

describe('a post that waited in the outbox', () => {
  it('is told as delivered, with its hour, until the visitor closes the notice', async () => {
    const db = openFestaDb(`delivered-${Math.random()}`);
    let online = false;
    const transport: Transport = () =>
      online
        ? Promise.resolve({ status: 201, json: () => Promise.resolve({ ok: true, id: '1', message: 'Pedido enviado com sucesso.' }) })
        : Promise.reject(new TypeError('Failed to fetch'));
    const sentAt = Date.parse('2026-11-22T12:03:00Z');
    const outbox = new Outbox(db, transport, () => sentAt);
    const id = await outbox.enqueue('accreditation', { name: 'Rita' });
    expect(await outbox.flush({ force: true })).toEqual([{ id, result: 'retry' }]);
    expect(await outbox.delivered()).toEqual([]);

    online = true;
    await outbox.flush({ force: true });
    const [delivered] = await outbox.delivered();
    expect(delivered).toMatchObject({ id, kind: 'accreditation', queued: true });
    expect(deliveryLine({ state: 'sent', sentAt: delivered!.sentAt, message: delivered!.message })).toBe(
      'Enviado às 12:03. Pedido enviado com sucesso.',
    );
    await outbox.acknowledge(id);
    expect(await outbox.delivered()).toEqual([]);
    db.close();
  });

  it('is told as delivered when the visitor was told it waits, though the flush never reached it', async () => {
    const db = openFestaDb(`told-${Math.random()}`);
    let online = false;
    const transport: Transport = () =>
      online
        ? Promise.resolve({ status: 201, json: () => Promise.resolve({ ok: true, id: '1', message: 'ok' }) })
        : Promise.reject(new TypeError('Failed to fetch'));
    const outbox = new Outbox(db, transport);
    const first = await outbox.enqueue('accreditation', { name: 'Rita' });
    await outbox.flush({ force: true });
    // A second post behind the first: the failed flush stops before it (attempts stays 0).
    const second = await outbox.enqueue('accreditation', { name: 'Nuno' });
    await outbox.flush({ force: true });
    expect((await db.outbox.get(second))?.attempts).toBe(0);
    await db.outbox.update(second, { toldWaiting: true });
    online = true;
    await outbox.flush({ force: true });
    expect((await outbox.delivered()).map((item) => item.id).sort()).toEqual([first, second].sort());
    db.close();
  });

  it('sent at once is no news for the banner', async () => {
    const db = openFestaDb(`direct-${Math.random()}`);
    const transport: Transport = () => Promise.resolve({ status: 201, json: () => Promise.resolve({ ok: true, id: '1', message: 'ok' }) });
    const outbox = new Outbox(db, transport);
    await outbox.enqueue('newsletter', { email: 'a@b.pt', city: 'Porto' });
    await outbox.flush({ force: true });
    expect(await db.sent.count()).toBe(1);
    expect(await outbox.delivered()).toEqual([]);
    expect(deliveryLine({ state: 'waiting' })).toBe(QUEUED_MESSAGE);
    db.close();
  });
});
