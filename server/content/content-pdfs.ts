/**
 * The downloadable PDFs of the content (press material, programme attachments), written by the
 * import from the content it imports: they carry the configured edition's number and dates like
 * every page does, so they cannot be finished files in the repository.
 */
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { addDays } from '../clock';
import type { ContentBundle, SectionFile } from './content-types';
import { weekdayAndDate } from '../../src/common/time/calendar-names';
import type { Edition } from './edition';

interface PdfJob {
  file: string;
  kind: string;
  title: string;
  /** Paragraphs of plain text; '## ' starts a heading. */
  body: string[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', euro: '€' };

/** HTML to plain text: block ends become line breaks, list items get a bullet, tags go. */
function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|li|h[1-6]|tr|blockquote|figure|ul|ol|table)>/gi, '\n')
    .replace(/<\/t[dh]>/gi, '  ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Every PDF the content refers to, from content whose edition markers are already replaced. */
function pdfJobs(bundle: ContentBundle, edition: Edition): PdfJob[] {
  const { settings, sections, cities, venues, films, activities, sessions, press, programme } = bundle;
  const paragraphs = (html: string) => htmlToText(html).split(/\n+/).filter(Boolean);
  const contactLines = ['## Contactos', `${settings.festivalName} · ${settings.contactEmail}`];
  const pressKind: Record<string, string> = { pressrelease: 'Comunicado de imprensa', presskit: 'Presskit', support: 'Materiais de apoio' };
  const sectionList = (s: SectionFile): string[] => {
    const items =
      s.assetType === 'movies'
        ? films.filter((f) => f.sectionId === s.id).map((f) => `${f.title} (${f.originalTitle}), de ${f.director}, ${f.year}. ${f.logline}`)
        : activities.filter((a) => a.sectionId === s.id).map((a) => `${a.title}. ${a.logline}`);
    return [`## ${s.name}`, ...items];
  };
  const allSections = sections.flatMap(sectionList);
  /** A presskit about one film gets its synopsis and credits; about a section, its list. */
  const presskitBody = (title: string): string[] => {
    const film = films.find((f) => title.includes(f.title));
    if (film) {
      return [
        '## Sinopse',
        film.logline,
        ...paragraphs(film.descriptionHtml),
        ...(film.technicalInfoHtml ? ['## Ficha técnica', ...paragraphs(film.technicalInfoHtml)] : []),
      ];
    }
    const section = sections.find((s) => title.includes(s.name));
    return section ? sectionList(section) : allSections;
  };
  const jobs: PdfJob[] = press.map((p) => ({
    file: p.file,
    kind: pressKind[p.type] ?? 'Imprensa',
    title: p.title,
    body: [
      ...paragraphs(p.descriptionHtml),
      ...(p.type === 'presskit' ? presskitBody(p.title) : paragraphs(settings.presentationHtml).slice(1, 3)),
      ...contactLines,
    ],
  }));

  const venueName = new Map(venues.map((v) => [v.id, v.name]));
  const workTitle = new Map<number, string>([
    ...films.map((f): [number, string] => [f.id, f.title]),
    ...activities.map((a): [number, string] => [a.id, a.title]),
  ]);
  const days = [...new Set(sessions.map((s) => s.day))].sort((a, b) => a - b);
  const venueCity = new Map(venues.map((v) => [v.id, v.cityId]));
  const grid = days.flatMap((day) => {
    const perCity = [...cities]
      .sort((a, b) => a.position - b.position)
      .map((city) => {
        const list = sessions
          .filter((s) => s.day === day && venueCity.get(s.venueId) === city.id)
          .sort((a, b) => a.time.localeCompare(b.time) || a.venueId - b.venueId)
          .map((s) => `${s.time} ${workTitle.get(s.workId) ?? ''} (${venueName.get(s.venueId) ?? ''})`);
        return list.length ? `${city.name}: ${list.join(' · ')}` : '';
      })
      .filter(Boolean);
    const date = addDays(edition.start, day);
    const label = day === 0 ? ' (abertura)' : day === days[days.length - 1] ? ' (encerramento)' : '';
    return [`## ${weekdayAndDate(date)}${label}`, ...perCity];
  });
  const venueList = venues.map((v) => `${v.name}: ${v.address}`);
  for (const entry of programme) {
    for (const a of entry.attachments) {
      const extra = /grelha|hor[aá]rio/i.test(a.title) ? grid : /mapa|sala/i.test(a.title) ? ['## Salas', ...venueList] : allSections;
      jobs.push({ file: a.file, kind: 'Programa', title: a.title, body: [...paragraphs(a.descriptionHtml), ...extra] });
    }
  }
  return jobs;
}

/** Helvetica only knows WinAnsi: spell out what it cannot draw. */
const PLAIN: Record<string, string> = {
  '½': '1/2',
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u00a0': ' ',
  '\u2009': ' ',
};

function winAnsi(text: string, charset: Set<number>): string {
  let out = '';
  for (const ch of text) {
    const plain = PLAIN[ch];
    // "8½" reads "8 1/2", not "81/2".
    if (ch === '½' && /\d$/.test(out)) out += ` ${plain ?? ''}`;
    else if (plain !== undefined) out += plain;
    else if (ch === '\n' || charset.has(ch.codePointAt(0) ?? 0)) out += ch;
    else {
      const stripped = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += [...stripped].every((c) => charset.has(c.codePointAt(0) ?? 0)) ? stripped : '?';
    }
  }
  return out;
}

function wrapPdf(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (!line || font.widthOfTextAtSize(candidate, size) <= maxWidth) line = candidate;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

const A4: [number, number] = [595.28, 841.89];
const MAX_PAGES = 2;

/**
 * One A4 document of at most two pages. Dated `issued` (a 'YYYY-MM-DD'), so the same content and
 * edition always give the same bytes.
 */
async function renderPdf(job: PdfJob, festivalName: string, contact: string, issued: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const charset = new Set(regular.getCharacterSet());
  const safe = (text: string) => winAnsi(text, charset);
  const festival = safe(festivalName);
  doc.setTitle(safe(job.title));
  doc.setAuthor(festival);
  doc.setSubject(safe(job.kind));
  doc.setCreator(festival);
  doc.setProducer('pdf-lib');
  doc.setCreationDate(new Date(`${issued}T10:00:00Z`));
  doc.setModificationDate(new Date(`${issued}T10:00:00Z`));

  const margin = 56;
  const width = A4[0] - margin * 2;
  const red = rgb(0xed / 255, 0x16 / 255, 0x2c / 255);
  const pages: PDFPage[] = [];
  const newPage = (): PDFPage => {
    const page = doc.addPage(A4);
    pages.push(page);
    page.drawRectangle({ x: 0, y: A4[1] - 64, width: A4[0], height: 64, color: red });
    page.drawText(festival, { x: margin, y: A4[1] - 40, size: 16, font: bold, color: rgb(1, 1, 1) });
    page.drawRectangle({ x: margin, y: 40, width: 18, height: 4, color: rgb(0, 0.57, 0.27) });
    page.drawRectangle({ x: margin + 18, y: 40, width: 18, height: 4, color: rgb(0.85, 0.85, 0.85) });
    page.drawRectangle({ x: margin + 36, y: 40, width: 18, height: 4, color: rgb(0.81, 0.17, 0.22) });
    page.drawText(safe(contact), { x: margin + 66, y: 38, size: 8, font: regular, color: rgb(0.4, 0.4, 0.4) });
    return page;
  };
  let page = newPage();
  let y = A4[1] - 104;
  page.drawText(safe(job.kind.toUpperCase()), { x: margin, y, size: 10, font: bold, color: red });
  y -= 30;
  for (const line of wrapPdf(safe(job.title), bold, 22, width)) {
    page.drawText(line, { x: margin, y, size: 22, font: bold, color: rgb(0.1, 0.1, 0.1) });
    y -= 28;
  }
  y -= 10;
  const size = 11;
  const leading = 16;
  let truncated = false;
  outer: for (const paragraph of job.body) {
    const isHeading = paragraph.startsWith('## ');
    const text = safe(isHeading ? paragraph.slice(3) : paragraph);
    const font = isHeading ? bold : regular;
    if (isHeading) y -= 6;
    for (const line of wrapPdf(text, font, isHeading ? 13 : size, width)) {
      if (y < 80) {
        if (pages.length >= MAX_PAGES) {
          truncated = true;
          break outer;
        }
        page = newPage();
        y = A4[1] - 104;
      }
      page.drawText(line, { x: margin, y, size: isHeading ? 13 : size, font, color: rgb(0.15, 0.15, 0.15) });
      y -= isHeading ? 20 : leading;
    }
    y -= 8;
  }
  if (truncated) {
    page.drawText(safe('(continua: consulte a versão completa no site do festival)'), {
      x: margin,
      y: 64,
      size: 9,
      font: regular,
      color: rgb(0.4, 0.4, 0.4),
    });
  }
  pages.forEach((p, i) => {
    p.drawText(`${i + 1}/${pages.length}`, { x: A4[0] - margin - 20, y: 38, size: 8, font: regular, color: rgb(0.4, 0.4, 0.4) });
  });
  return Buffer.from(await doc.save());
}

/** Every PDF of the content, by file name. */
export async function renderContentPdfs(bundle: ContentBundle, edition: Edition, issued: string): Promise<Map<string, Buffer>> {
  const contact = `${bundle.settings.contactEmail} · ${bundle.settings.social.social}`;
  const files = new Map<string, Buffer>();
  for (const job of pdfJobs(bundle, edition)) {
    if (!files.has(job.file)) files.set(job.file, await renderPdf(job, bundle.settings.festivalName, contact, issued));
  }
  return files;
}
