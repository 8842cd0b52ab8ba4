/**
 * "Hoje nesta sala": one A4 sheet for a venue's front of house on one festival day, read from a
 * few steps away: each session's time, title, length and end, guests and status, in large type.
 * A long day shrinks the type until the day fits the page.
 */
import { formatMinutes } from '../../src/common/time/lisbon-time';
import { A4, BOLD, finish, FOOTER, INK, MARGIN, newDocument, numberPages, REGULAR, type Pdf } from './pdf-kit';
import { weekdayAndDate } from '../../src/common/time/calendar-names';
import type { PrintContent, PrintSession, PrintVenue } from './programme-model';

const WIDTH = A4.width - 2 * MARGIN;
const BOTTOM = A4.height - MARGIN - FOOTER;
const TIME_COLUMN = 96;

interface Line {
  text: string;
  font: string;
  size: number;
  color: string;
  strike: boolean;
}

function linesOf(s: PrintSession): Line[] {
  // The end is the one every list gives (the default length when the content has none), said as such.
  const length = s.durationMin ? formatMinutes(s.durationMin) : 'Duração não indicada';
  const lengthAndEnd = `${length} · termina às ${s.endTime}${s.endTime < s.time ? ' (depois da meia-noite)' : ''}`;
  return [
    { text: s.title, font: BOLD, size: 20, color: s.cancelled ? INK.cancelled : INK.text, strike: s.cancelled },
    { text: lengthAndEnd, font: REGULAR, size: 14, color: INK.muted, strike: false },
    { text: s.guests.length ? `Com a presença de ${s.guests.join(', ')}` : '', font: REGULAR, size: 14, color: INK.text, strike: false },
    // What the door staff are asked first: the language, the subtitles, the age, the interpreter.
    { text: s.followText, font: REGULAR, size: 14, color: INK.text, strike: false },
    { text: s.changeText, font: BOLD, size: 15, color: INK.notice, strike: false },
    { text: s.statusText, font: BOLD, size: 15, color: INK.notice, strike: false },
  ].filter((line) => line.text);
}

/** The heights of each session's block at type scale `k`. */
function blockHeight(doc: Pdf, s: PrintSession, k: number): number {
  const width = WIDTH - TIME_COLUMN * k;
  const text = linesOf(s).reduce(
    (sum, l) =>
      sum +
      doc
        .font(l.font)
        .fontSize(l.size * k)
        .heightOfString(l.text, { width }) +
      2 * k,
    0,
  );
  // The lines start a little below the time's top, to share its baseline.
  return Math.max(
    text + 4 * k,
    doc
      .font(BOLD)
      .fontSize(26 * k)
      .heightOfString('00:00'),
  );
}

export async function venueDayPdf(content: PrintContent, venue: PrintVenue, day: string, at: Date): Promise<Buffer> {
  const city = content.cities.find((c) => c.id === venue.cityId);
  const sessions = content.sessions.filter((s) => s.venueId === venue.id && s.day === day);
  const doc = newDocument({
    title: `Hoje nesta sala · ${venue.name} · ${day}`,
    subject: `As sessões de ${venue.name} em ${day}`,
    author: content.festivalName,
    at,
  });

  doc.font(REGULAR).fontSize(11).fillColor(INK.muted).text(content.festivalName, MARGIN, MARGIN, { width: WIDTH });
  doc.font(BOLD).fontSize(15).fillColor(INK.accent).text('Hoje nesta sala', { width: WIDTH });
  doc.font(BOLD).fontSize(30).fillColor(INK.text).text(venue.name, { width: WIDTH });
  const date = weekdayAndDate(day);
  doc
    .font(BOLD)
    .fontSize(20)
    .text(`${date.charAt(0).toLocaleUpperCase('pt-PT')}${date.slice(1)} de ${day.slice(0, 4)}`, { width: WIDTH });
  const where = [venue.address, city?.name].filter(Boolean).join(' · ');
  if (where) doc.font(REGULAR).fontSize(12).fillColor(INK.muted).text(where, { width: WIDTH });
  let y = doc.y + 10;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + WIDTH, y)
    .lineWidth(1.2)
    .strokeColor(INK.text)
    .stroke();
  y += 14;

  if (sessions.length === 0) {
    doc.font(BOLD).fontSize(20).fillColor(INK.text).text('Não há sessões nesta sala neste dia.', MARGIN, y, { width: WIDTH });
  } else {
    // The largest type at which the whole day fits under the heading (the gaps shrink with it).
    const room = BOTTOM - y;
    let k = 1;
    const total = (scale: number) => sessions.reduce((sum, s) => sum + blockHeight(doc, s, scale) + 18 * scale, 0);
    while (k > 0.45 && total(k) > room) k -= 0.05;
    for (const s of sessions) {
      const height = blockHeight(doc, s, k);
      // Past the smallest type a day this long goes on to a second page rather than losing a line.
      if (y + height + 2 > BOTTOM) {
        doc.addPage();
        y = MARGIN;
      }
      doc
        .font(BOLD)
        .fontSize(26 * k)
        .fillColor(s.cancelled ? INK.cancelled : INK.text)
        .text(s.time, MARGIN, y, { width: TIME_COLUMN * k, strike: s.cancelled, lineBreak: false });
      const x = MARGIN + TIME_COLUMN * k;
      const width = WIDTH - TIME_COLUMN * k;
      let at = y + 4 * k;
      for (const line of linesOf(s)) {
        doc
          .font(line.font)
          .fontSize(line.size * k)
          .fillColor(line.color);
        const h = doc.heightOfString(line.text, { width });
        doc.text(line.text, x, at, { width, strike: line.strike });
        at += h + 2 * k;
      }
      y += height + 9 * k;
      doc
        .moveTo(MARGIN, y)
        .lineTo(MARGIN + WIDTH, y)
        .lineWidth(0.5)
        .strokeColor(INK.rule)
        .stroke();
      y += 9 * k;
    }
  }
  const release = content.release === null ? '' : ` · publicação n.º ${content.release}`;
  numberPages(doc, `Hoje nesta sala · ${venue.name}${release}`);
  return finish(doc);
}
