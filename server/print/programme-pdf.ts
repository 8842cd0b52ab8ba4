/**
 * A city's printed programme (A4, pt-PT): a first page with the festival, the city and its
 * venues; a grid per festival day (venues across, time down, each session a box with its time and
 * title, the day running to 06:00); then the listing by day, time and venue with everything a
 * visitor reads: title, original title and director, length, section, guests and status. A
 * cancelled session stays in both, struck through and marked with its reason.
 */
import { A4, BOLD, fitText, finish, FOOTER, INK, MARGIN, newDocument, numberPages, REGULAR, type Pdf } from './pdf-kit';
import { longDate, weekdayAndDate } from '../../src/common/time/calendar-names';
import type { PrintContent, PrintSession, PrintVenue } from './programme-model';
import { formatMinutes } from '../../src/common/time/lisbon-time';
import { STATUS_LABELS, isSessionStatus } from '../../src/common/programme/session-status';

const WIDTH = A4.width - 2 * MARGIN;
/** The lowest a line of text may start on a page: above the page number's room. */
const BOTTOM = A4.height - MARGIN - FOOTER;
/** At most this many venues side by side on one grid page; a city with more gets a page per group. */
const GRID_COLUMNS = 5;
const TIME_RULER = 30;
/** The least height of a session's box: its time and one line of title. */
const MIN_BOX = 20;

const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase('pt-PT') + text.slice(1);

/** The festival's dates as a range: "2 a 10 de abril de 2026". */
function dateRange(days: readonly string[]): string {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return '';
  if (first === last) return longDate(first);
  const [a, b] = [longDate(first), longDate(last)];
  // "2 de abril de 2026" and "10 de abril de 2026" share month and year: "2 a 10 de abril de 2026".
  const sameMonth = first.slice(0, 7) === last.slice(0, 7);
  return sameMonth ? `${a.split(' ')[0]} a ${b}` : `${a.replace(/ de \d{4}$/, '')} a ${b}`;
}

function coverPage(doc: Pdf, content: PrintContent, city: { name: string }, venues: PrintVenue[], sessions: PrintSession[]): void {
  const days = [...new Set(sessions.map((s) => s.day))];
  doc.font(BOLD).fontSize(28).fillColor(INK.accent).text(content.festivalName, MARGIN, 90, { width: WIDTH });
  doc.moveDown(0.3);
  doc.font(BOLD).fontSize(22).fillColor(INK.text).text(`Programa · ${city.name}`, { width: WIDTH });
  doc.moveDown(0.2);
  doc
    .font(REGULAR)
    .fontSize(14)
    .text(days.length ? dateRange(days) : `Edição de ${content.year}`, { width: WIDTH });
  doc.moveDown(1.2);
  const summary =
    sessions.length === 0
      ? 'Ainda não há sessões nesta cidade.'
      : `${sessions.length} ${sessions.length === 1 ? 'sessão' : 'sessões'} em ${venues.length} ${venues.length === 1 ? 'sala' : 'salas'}, ${days.length} ${days.length === 1 ? 'dia' : 'dias'}.`;
  doc.fontSize(11).fillColor(INK.muted).text(summary, { width: WIDTH });
  doc.moveDown(1.5);
  doc.font(BOLD).fontSize(13).fillColor(INK.text).text('Salas', { width: WIDTH });
  doc.moveDown(0.3);
  for (const venue of venues) {
    doc.font(BOLD).fontSize(11).fillColor(INK.text).text(venue.name, { width: WIDTH });
    if (venue.address) doc.font(REGULAR).fontSize(10).fillColor(INK.muted).text(venue.address, { width: WIDTH });
    doc.moveDown(0.4);
  }
  doc.moveDown(1);
  doc
    .font(REGULAR)
    .fontSize(10)
    .fillColor(INK.muted)
    .text(
      'Primeiro, a grelha de cada dia (as salas lado a lado, as horas de cima para baixo; uma sessão depois da meia-noite pertence ao dia anterior, que acaba às 06:00). Depois, o programa dia a dia, com os pormenores de cada sessão.',
      { width: WIDTH },
    );
}

/** Sessions of one venue that overlap share its column side by side (a clash still prints). */
function lanes(sessions: readonly PrintSession[]): Map<number, { lane: number; of: number }> {
  const placed = new Map<number, { lane: number; of: number }>();
  const ends: number[] = [];
  const group: number[] = [];
  let groupEnd = -Infinity;
  const close = () => {
    for (const id of group) placed.get(id)!.of = ends.length;
    group.length = 0;
    ends.length = 0;
  };
  for (const s of sessions) {
    if (s.fromDayStart >= groupEnd) close();
    let lane = ends.findIndex((end) => end <= s.fromDayStart);
    if (lane === -1) lane = ends.push(s.toDayEnd) - 1;
    else ends[lane] = s.toDayEnd;
    placed.set(s.id, { lane, of: 0 });
    group.push(s.id);
    groupEnd = Math.max(groupEnd, s.toDayEnd);
  }
  close();
  return placed;
}

const hourLabel = (minutesFromDayStart: number) => `${String((6 + Math.floor(minutesFromDayStart / 60)) % 24).padStart(2, '0')}:00`;

function gridPage(doc: Pdf, day: string, venues: PrintVenue[], sessions: PrintSession[], part: string): void {
  doc.addPage();
  doc
    .font(BOLD)
    .fontSize(16)
    .fillColor(INK.accent)
    .text(capitalised(weekdayAndDate(day)), MARGIN, MARGIN, { width: WIDTH });
  doc.font(REGULAR).fontSize(9).fillColor(INK.muted).text(`Grelha do dia${part}`, { width: WIDTH });
  const headerTop = doc.y + 8;
  const columnWidth = (WIDTH - TIME_RULER) / venues.length;
  let headerHeight = 0;
  doc.font(BOLD).fontSize(9);
  for (const venue of venues) headerHeight = Math.max(headerHeight, doc.heightOfString(venue.name, { width: columnWidth - 6 }));
  venues.forEach((venue, i) => {
    doc
      .fillColor(INK.text)
      .text(venue.name, MARGIN + TIME_RULER + i * columnWidth + 3, headerTop, { width: columnWidth - 6, align: 'center' });
  });
  const top = headerTop + headerHeight + 8;
  const first = Math.floor(Math.min(...sessions.map((s) => s.fromDayStart)) / 60) * 60;
  const last = Math.ceil(Math.max(...sessions.map((s) => s.toDayEnd)) / 60) * 60;
  const scale = (BOTTOM - top) / Math.max(last - first, 60);
  const yOf = (minutes: number) => top + (minutes - first) * scale;

  // The hours: a light rule across every column, its time in the ruler.
  for (let m = first; m <= last; m += 60) {
    doc
      .moveTo(MARGIN + TIME_RULER - 4, yOf(m))
      .lineTo(MARGIN + WIDTH, yOf(m))
      .lineWidth(0.4)
      .strokeColor(INK.rule)
      .stroke();
    if (m < last)
      doc
        .font(REGULAR)
        .fontSize(7)
        .fillColor(INK.muted)
        .text(hourLabel(m), MARGIN, yOf(m) - 3, { width: TIME_RULER - 6, lineBreak: false });
  }
  venues.forEach((_venue, i) => {
    const x = MARGIN + TIME_RULER + i * columnWidth;
    doc.moveTo(x, top).lineTo(x, yOf(last)).lineWidth(0.4).strokeColor(INK.rule).stroke();
  });

  venues.forEach((venue, i) => {
    const own = sessions.filter((s) => s.venueId === venue.id);
    const placed = lanes(own);
    for (const s of own) {
      const { lane, of } = placed.get(s.id)!;
      const laneWidth = columnWidth / of;
      const x = MARGIN + TIME_RULER + i * columnWidth + lane * laneWidth + 1.5;
      const y = yOf(s.fromDayStart) + 0.75;
      const w = laneWidth - 3;
      // A short film's box grows to hold its two lines, up to the next session of its lane.
      const next = own.find((o) => o.id !== s.id && placed.get(o.id)!.lane === lane && o.fromDayStart >= s.toDayEnd);
      const room = (next ? yOf(next.fromDayStart) : BOTTOM) - y - 1.5;
      const h = Math.max(yOf(s.toDayEnd) - yOf(s.fromDayStart) - 1.5, Math.min(MIN_BOX, room), 9);
      doc
        .rect(x, y, w, h)
        .lineWidth(0.6)
        .fillAndStroke(s.cancelled ? INK.cancelledBox : INK.box, s.cancelled ? INK.cancelled : INK.boxEdge);
      const label = isSessionStatus(s.status) && s.status ? ` · ${STATUS_LABELS[s.status]}` : '';
      const inside = { x: x + 2.5, y: y + 1.5, width: w - 5, height: h - 2.5 };
      const titleStyle = { font: REGULAR, size: 8, minSize: 5.5, color: s.cancelled ? INK.cancelled : INK.text, strike: s.cancelled };
      if (h < MIN_BOX - 2) {
        // No room for two lines even so: time and title on one.
        fitText(doc, `${s.time}${label} ${s.title}`, inside, { ...titleStyle, size: 7 });
        continue;
      }
      const head = fitText(doc, `${s.time}–${s.endTime}${label}`, inside, {
        font: BOLD,
        size: 7,
        minSize: 5.5,
        color: s.cancelled || s.status ? INK.notice : INK.text,
      });
      fitText(doc, s.title, { ...inside, y: inside.y + head + 1, height: inside.height - head - 1 }, titleStyle);
    }
  });
}

/** One session in the listing: its height once laid out, and the drawing itself. */
function listingEntry(doc: Pdf, s: PrintSession) {
  const timeWidth = 40;
  const venueWidth = 118;
  const x = MARGIN + timeWidth + venueWidth;
  const width = WIDTH - timeWidth - venueWidth;
  const credits = [
    s.originalTitle && s.originalTitle !== s.title ? s.originalTitle : '',
    s.director ? `de ${s.director}` : '',
    s.durationMin ? formatMinutes(s.durationMin) : '',
    s.section,
  ]
    .filter(Boolean)
    .join(' · ');
  const guests = s.guests.length ? `Com a presença de ${s.guests.join(', ')}` : '';
  const parts = [
    { text: s.title, font: BOLD, size: 10, color: s.cancelled ? INK.cancelled : INK.text, strike: s.cancelled },
    { text: credits, font: REGULAR, size: 8.5, color: INK.muted, strike: false },
    { text: guests, font: REGULAR, size: 8.5, color: INK.text, strike: false },
    { text: s.followText, font: REGULAR, size: 8.5, color: INK.muted, strike: false },
    { text: s.changeText, font: BOLD, size: 8.5, color: INK.notice, strike: false },
    { text: s.statusText, font: BOLD, size: 8.5, color: INK.notice, strike: false },
  ].filter((p) => p.text);
  const heightOf = (p: (typeof parts)[number]) => doc.font(p.font).fontSize(p.size).heightOfString(p.text, { width });
  const venueHeight = doc
    .font(REGULAR)
    .fontSize(8.5)
    .heightOfString(s.venueName, { width: venueWidth - 8 });
  const height = Math.max(
    parts.reduce((sum, p) => sum + heightOf(p) + 1, 0),
    venueHeight,
  );
  return {
    height,
    draw(y: number) {
      doc
        .font(BOLD)
        .fontSize(10)
        .fillColor(s.cancelled ? INK.cancelled : INK.text)
        .text(s.time, MARGIN, y, { width: timeWidth, strike: s.cancelled });
      doc
        .font(REGULAR)
        .fontSize(8.5)
        .fillColor(INK.text)
        .text(s.venueName, MARGIN + timeWidth, y + 1, { width: venueWidth - 8 });
      let at = y;
      for (const p of parts) {
        const h = heightOf(p);
        doc.fillColor(p.color).text(p.text, x, at, { width, strike: p.strike });
        at += h + 1;
      }
    },
  };
}

function listing(doc: Pdf, sessions: PrintSession[]): void {
  doc.addPage();
  doc.font(BOLD).fontSize(18).fillColor(INK.accent).text('Programa dia a dia', MARGIN, MARGIN, { width: WIDTH });
  let y = doc.y + 6;
  const days = [...new Set(sessions.map((s) => s.day))];
  for (const day of days) {
    const heading = (continued: boolean) => {
      doc
        .font(BOLD)
        .fontSize(13)
        .fillColor(INK.text)
        .text(`${capitalised(weekdayAndDate(day))}${continued ? ' (continuação)' : ''}`, MARGIN, y, { width: WIDTH });
      y = doc.y + 2;
      doc
        .moveTo(MARGIN, y)
        .lineTo(MARGIN + WIDTH, y)
        .lineWidth(0.6)
        .strokeColor(INK.rule)
        .stroke();
      y += 6;
    };
    const entries = sessions.filter((s) => s.day === day).map((s) => listingEntry(doc, s));
    // A day's heading never ends a page alone: it goes with its first session.
    if (y + 30 + (entries[0]?.height ?? 0) > BOTTOM) {
      doc.addPage();
      y = MARGIN;
    } else y += 8;
    heading(false);
    for (const entry of entries) {
      // A point of slack: pdfkit starts a new page itself for a line that ends past the margin.
      if (y + entry.height + 2 > BOTTOM) {
        doc.addPage();
        y = MARGIN;
        heading(true);
      }
      entry.draw(y);
      y += entry.height + 7;
    }
  }
}

/** The city's programme as the content (a release's, or the live one) has it. */
export async function cityProgrammePdf(content: PrintContent, cityId: number, at: Date): Promise<Buffer> {
  const city = content.cities.find((c) => c.id === cityId);
  if (!city) throw new Error(`city ${cityId} is not in this content`);
  const sessions = content.sessions.filter((s) => s.cityId === cityId);
  const used = new Set(sessions.map((s) => s.venueId));
  // Every venue of the city on the first page; the grids only give a column to those with sessions.
  const venues = content.venues.filter((v) => v.cityId === cityId);
  const title = `${content.festivalName} · Programa · ${city.name}`;
  const release = content.release === null ? '' : ` · publicação n.º ${content.release}`;
  const doc = newDocument({ title, subject: `Programa de ${city.name}, ${content.year}`, author: content.festivalName, at });

  coverPage(doc, content, city, venues, sessions);
  const columns = venues.filter((v) => used.has(v.id));
  for (const day of [...new Set(sessions.map((s) => s.day))]) {
    const ofDay = sessions.filter((s) => s.day === day);
    const groups = Math.ceil(columns.length / GRID_COLUMNS);
    for (let g = 0; g < groups; g++) {
      const group = columns.slice(g * GRID_COLUMNS, (g + 1) * GRID_COLUMNS);
      const ids = new Set(group.map((v) => v.id));
      const own = ofDay.filter((s) => ids.has(s.venueId));
      if (own.length === 0) continue;
      gridPage(doc, day, group, own, groups > 1 ? ` (salas ${g * GRID_COLUMNS + 1} a ${g * GRID_COLUMNS + group.length})` : '');
    }
  }
  if (sessions.length > 0) listing(doc, sessions);
  numberPages(doc, `${title}${release}`);
  return finish(doc);
}
