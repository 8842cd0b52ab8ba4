/**
 * Writes every image referenced by the seed content under server/content/media/ and every
 * downloadable PDF under server/content/files/. Deterministic: the same JSON always gives the
 * same pictures (colours and shapes come from a hash of each file name), and re-running
 * overwrites what is there.
 *
 *   npx tsx server/content/generate-media.ts      (or: npm run content:media)
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { PDFFont, PDFPage } from 'pdf-lib';
import type {
  ActivityFile,
  CityFile,
  FilmFile,
  HistoryFile,
  NewsFile,
  PageFile,
  PostersFile,
  PressFile,
  ProgrammeFile,
  SectionFile,
  SessionFile,
  SettingsFile,
  SponsorGroupFile,
  VenueFile,
} from './content-types';

const CONTENT_DIR = dirname(fileURLToPath(import.meta.url));
const SEED_DIR = join(CONTENT_DIR, 'seed');
const MEDIA_DIR = join(CONTENT_DIR, 'media');
const FILES_DIR = join(CONTENT_DIR, 'files');
const FONT = 'DejaVu Sans, sans-serif';
const FESTIVAL_RED = '#ed162c';

function readSeed<T>(name: string): T {
  return JSON.parse(readFileSync(join(SEED_DIR, name), 'utf8')) as T;
}

// ---------------------------------------------------------------------------------------------
// Helpers

/** FNV-1a: a small, stable hash so each file gets its own colours. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // Final avalanche (murmur3 fmix32), so similar names get unrelated colours.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A seeded PRNG (mulberry32) for the decorative shapes. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
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

/** First h2/h3/h4 text and the rest of a caption, as two plain strings. */
function splitCaption(html: string): { heading: string; rest: string } {
  const match = /<h[2-4][^>]*>([\s\S]*?)<\/h[2-4]>/i.exec(html);
  const heading = match?.[1] ? htmlToText(match[1]) : '';
  const rest = htmlToText(match ? html.replace(match[0], '') : html).replace(/\n+/g, ' ');
  return { heading, rest };
}

/** Greedy word wrap on an estimated character width. */
function wrapByChars(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= maxChars || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Largest font size (down to min) at which the text fits maxLines lines of maxWidth pixels. */
function fitText(
  text: string,
  maxWidth: number,
  maxLines: number,
  maxSize: number,
  minSize: number,
  charFactor = 0.64,
): { size: number; lines: string[] } {
  for (let size = maxSize; size >= minSize; size -= 2) {
    const maxChars = Math.floor(maxWidth / (size * charFactor));
    const lines = wrapByChars(text, maxChars);
    if (lines.length <= maxLines && lines.every((l) => l.length <= maxChars)) return { size, lines };
  }
  const maxChars = Math.floor(maxWidth / (minSize * charFactor));
  const lines = wrapByChars(text, maxChars).slice(0, maxLines);
  const last = lines.length - 1;
  if (last >= 0 && lines[last] !== undefined) lines[last] = `${lines[last].slice(0, maxChars - 1)}…`;
  return { size: minSize, lines };
}

function hsl(h: number, s: number, l: number): string {
  return `hsl(${Math.round(((h % 360) + 360) % 360)}, ${s}%, ${l}%)`;
}

// ---------------------------------------------------------------------------------------------
// Images

interface ImageJob {
  path: string;
  width: number;
  height: number;
  format: 'jpeg' | 'png';
  quality: number;
  title: string;
  /** Small upper-case label above the title (section, kind). */
  label: string;
  /** A line under the title (director and year, date, caption). */
  subtitle: string;
  style: 'artwork' | 'logo';
}

function artworkSvg(job: ImageJob, festivalName: string): string {
  const { width: w, height: h } = job;
  const seed = hash(job.path);
  const rand = prng(seed);
  const hue = seed % 360;
  const hue2 = hue + 30 + Math.floor(rand() * 60);
  const scale = Math.min(w / 1280, h / 720) * (w < 600 ? 1.25 : 1);
  const pad = Math.round(56 * scale);
  const shapes: string[] = [];
  const motif = seed % 3;
  for (let i = 0; i < 7; i++) {
    const x = Math.round(rand() * w);
    const y = Math.round(rand() * h);
    const r = Math.round((0.12 + rand() * 0.35) * h);
    const op = (0.06 + rand() * 0.14).toFixed(2);
    const colour = i % 3 === 0 ? FESTIVAL_RED : i % 3 === 1 ? '#ffffff' : hsl(hue2 + 120, 70, 60);
    if (motif === 0) shapes.push(`<circle cx="${x}" cy="${y}" r="${r}" fill="${colour}" opacity="${op}"/>`);
    else if (motif === 1)
      shapes.push(
        `<rect x="${x - r}" y="${-h}" width="${Math.round(r * 0.5)}" height="${h * 3}" fill="${colour}" opacity="${op}" transform="rotate(${Math.round(20 + rand() * 20)} ${x} ${y})"/>`,
      );
    else
      shapes.push(
        `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${colour}" stroke-width="${Math.round(r * 0.18)}" opacity="${op}"/>`,
      );
  }
  // A film strip along the bottom edge.
  const stripH = Math.round(30 * scale);
  const holes: string[] = [];
  const holeW = Math.round(14 * scale);
  for (let x = Math.round(10 * scale); x < w; x += holeW * 2) {
    holes.push(
      `<rect x="${x}" y="${h - stripH + Math.round(8 * scale)}" width="${holeW}" height="${Math.round(14 * scale)}" rx="${Math.round(3 * scale)}" fill="#ffffff" opacity="0.35"/>`,
    );
  }
  const textWidth = w - pad * 2;
  const titleFit = fitText(job.title, textWidth, w < 600 ? 3 : 3, Math.round(92 * scale), Math.round(26 * scale));
  const lineH = Math.round(titleFit.size * 1.12);
  const labelSize = Math.round(22 * scale);
  const subSize = Math.round(30 * scale);
  const subLines = job.subtitle ? fitText(job.subtitle, textWidth, 2, subSize, Math.round(16 * scale), 0.56) : null;
  const blockH =
    labelSize * 1.8 + titleFit.lines.length * lineH + (subLines ? subLines.lines.length * subLines.size * 1.3 + subLines.size * 0.45 : 0);
  let y = Math.round((h - stripH - blockH) / 2 + labelSize);
  const texts: string[] = [];
  if (job.label) {
    texts.push(
      `<rect x="${pad}" y="${y - labelSize}" width="${Math.round(labelSize * 0.35)}" height="${Math.round(labelSize * 1.2)}" fill="${FESTIVAL_RED}"/>`,
      `<text x="${pad + Math.round(labelSize * 0.7)}" y="${y}" font-size="${labelSize}" font-weight="bold" letter-spacing="${Math.round(labelSize * 0.12)}" fill="#ffffff" opacity="0.9">${escapeXml(job.label.toUpperCase())}</text>`,
    );
  }
  y += Math.round(labelSize * 0.8);
  for (const line of titleFit.lines) {
    y += lineH;
    texts.push(
      `<text x="${pad}" y="${y}" font-size="${titleFit.size}" font-weight="bold" fill="#ffffff" filter="url(#shadow)">${escapeXml(line)}</text>`,
    );
  }
  if (subLines) {
    y += Math.round(subLines.size * 0.45);
    for (const line of subLines.lines) {
      y += Math.round(subLines.size * 1.3);
      texts.push(`<text x="${pad}" y="${y}" font-size="${subLines.size}" fill="#ffffff" opacity="0.88">${escapeXml(line)}</text>`);
    }
  }
  const smallSize = Math.max(11, Math.round(20 * scale));
  const barW = Math.round(18 * scale);
  const barY = Math.round(pad * 0.6);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="${FONT}">
<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${hsl(hue, 62, 22)}"/>
    <stop offset="1" stop-color="${hsl(hue2, 68, 44)}"/>
  </linearGradient>
  <filter id="shadow" x="-5%" y="-5%" width="110%" height="130%"><feDropShadow dx="0" dy="${Math.max(1, Math.round(3 * scale))}" stdDeviation="${Math.max(1, Math.round(4 * scale))}" flood-color="#000000" flood-opacity="0.45"/></filter>
</defs>
<rect width="${w}" height="${h}" fill="url(#bg)"/>
${shapes.join('\n')}
<rect x="0" y="${h - stripH}" width="${w}" height="${stripH}" fill="#000000" opacity="0.45"/>
${holes.join('\n')}
<rect x="${pad}" y="${barY}" width="${barW}" height="${Math.round(6 * scale)}" fill="#009246"/>
<rect x="${pad + barW}" y="${barY}" width="${barW}" height="${Math.round(6 * scale)}" fill="#ffffff"/>
<rect x="${pad + barW * 2}" y="${barY}" width="${barW}" height="${Math.round(6 * scale)}" fill="#ce2b37"/>
<text x="${w - pad}" y="${barY + Math.round(7 * scale)}" text-anchor="end" font-size="${smallSize}" fill="#ffffff" opacity="0.85">${escapeXml(festivalName)}</text>
${texts.join('\n')}
</svg>`;
}

function logoSvg(job: ImageJob): string {
  const { width: w, height: h } = job;
  const seed = hash(job.path);
  const hue = seed % 360;
  const colour = hsl(hue, 55, 32);
  const fit = fitText(job.title, w - 48, 3, 30, 12, 0.62);
  const lineH = Math.round(fit.size * 1.2);
  let y = Math.round(h / 2 - ((fit.lines.length - 1) * lineH) / 2 + fit.size * 0.35);
  const lines = fit.lines.map((line) => {
    const t = `<text x="${w / 2}" y="${y}" text-anchor="middle" font-size="${fit.size}" font-weight="bold" fill="${colour}">${escapeXml(line)}</text>`;
    y += lineH;
    return t;
  });
  const mark =
    seed % 2 === 0
      ? `<circle cx="26" cy="26" r="9" fill="${FESTIVAL_RED}"/>`
      : `<rect x="17" y="17" width="18" height="18" rx="3" fill="${FESTIVAL_RED}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="${FONT}">
<rect x="4" y="4" width="${w - 8}" height="${h - 8}" rx="18" fill="#ffffff" stroke="${colour}" stroke-width="4"/>
${mark}
${lines.join('\n')}
</svg>`;
}

async function renderImage(job: ImageJob, festivalName: string): Promise<number> {
  const svg = job.style === 'logo' ? logoSvg(job) : artworkSvg(job, festivalName);
  const target = join(MEDIA_DIR, job.path);
  mkdirSync(dirname(target), { recursive: true });
  const image = sharp(Buffer.from(svg), { density: 72 }).resize(job.width, job.height, { fit: 'fill' });
  const buffer =
    job.format === 'png'
      ? await image.png({ palette: true, quality: job.quality, compressionLevel: 9 }).toBuffer()
      : await image.flatten({ background: '#000000' }).jpeg({ quality: job.quality, mozjpeg: true }).toBuffer();
  writeFileSync(target, buffer);
  return buffer.length;
}

// ---------------------------------------------------------------------------------------------
// PDFs

interface PdfJob {
  file: string;
  kind: string;
  title: string;
  /** Paragraphs of plain text. */
  body: string[];
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

async function renderPdf(job: PdfJob, festivalName: string, contact: string): Promise<number> {
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
  doc.setCreationDate(new Date(Date.UTC(2016, 0, 15)));
  doc.setModificationDate(new Date(Date.UTC(2016, 0, 15)));

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
  const bytes = await doc.save();
  const target = join(FILES_DIR, job.file);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, bytes);
  return bytes.length;
}

// ---------------------------------------------------------------------------------------------
// Collecting the jobs from the seed

function collectJobs(): { images: ImageJob[]; pdfs: PdfJob[]; settings: SettingsFile } {
  const settings = readSeed<SettingsFile>('settings.json');
  const sections = readSeed<SectionFile[]>('sections.json');
  const cities = readSeed<CityFile[]>('cities.json');
  const venues = readSeed<VenueFile[]>('venues.json');
  const films = readSeed<FilmFile[]>('films.json');
  const activities = readSeed<ActivityFile[]>('activities.json');
  const sessions = readSeed<SessionFile[]>('sessions.json');
  const news = readSeed<NewsFile[]>('news.json');
  const sponsorGroups = readSeed<SponsorGroupFile[]>('sponsor-groups.json');
  const posters = readSeed<PostersFile>('posters.json');
  const press = readSeed<PressFile[]>('press.json');
  const programme = readSeed<ProgrammeFile[]>('programme.json');
  const pages = readSeed<PageFile[]>('pages.json');
  const history = readSeed<HistoryFile[]>('history.json');

  const sectionName = new Map(sections.map((s) => [s.id, s.name]));
  const images = new Map<string, ImageJob>();
  const add = (job: Omit<ImageJob, 'format' | 'quality' | 'style'> & Partial<ImageJob>) => {
    if (!job.path || images.has(job.path)) return;
    images.set(job.path, { format: 'jpeg', quality: 70, style: 'artwork', ...job });
  };
  const thumb = (path: string, title: string, label: string, subtitle: string) =>
    add({ path, width: 480, height: 270, quality: 72, title, label, subtitle });
  const poster = (path: string, title: string, label: string, subtitle: string) =>
    add({ path, width: 1280, height: 720, quality: 70, title, label, subtitle });

  for (const f of films) {
    const label = sectionName.get(f.sectionId) ?? '';
    thumb(f.thumb, f.title, label, `${f.director} · ${f.year}`);
    poster(f.poster, f.title, label, `${f.director} · ${f.country}, ${f.year} · ${f.durationMin} min.`);
  }
  for (const a of activities) {
    const label = sectionName.get(a.sectionId) ?? '';
    thumb(a.thumb, a.title, label, '');
    poster(a.poster, a.title, label, a.logline);
  }
  for (const n of news) {
    const label = n.scope === 'distrib' ? 'Distribuição' : 'Notícias';
    thumb(n.thumb, n.title, label, '');
    poster(n.poster, n.title, label, n.summary);
  }
  for (const group of sponsorGroups) {
    for (const s of group.sponsors) {
      add({ path: s.thumb, width: 300, height: 150, format: 'png', quality: 80, style: 'logo', title: s.name, label: '', subtitle: '' });
    }
  }
  for (const scope of ['festa', 'distrib'] as const) {
    for (const kind of ['poster', 'banner'] as const) {
      for (const p of posters[scope][kind]) {
        // Carousel images carry no text: the caption is laid over them, and the image is cropped
        // to the window's shape (full height on phones), which would cut any text drawn into it.
        add({ path: p.img, width: 1600, height: 700, quality: 68, title: '', label: '', subtitle: '' });
      }
    }
  }
  for (const page of pages) {
    poster(page.poster, page.title, '', '');
    for (const card of page.cards) thumb(card.thumb, card.title, page.title, card.description);
  }
  for (const h of history) {
    poster(h.poster, h.title, 'Histórico', h.edition);
    h.listMovies.forEach((m, i) => {
      const { heading, rest } = splitCaption(m.listHtml);
      thumb(m.thumb, heading || `${h.edition} · ${i + 1}`, h.edition, rest);
    });
  }

  // PDFs ------------------------------------------------------------------------------------
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
  const pdfs: PdfJob[] = press.map((p) => ({
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
    const label = day === 0 ? ' (abertura)' : day === days[days.length - 1] ? ' (encerramento)' : '';
    return [`## Dia ${day + 1}${label}`, ...perCity];
  });
  const venueList = venues.map((v) => `${v.name}: ${v.address}`);
  for (const entry of programme) {
    for (const a of entry.attachments) {
      const extra = /grelha|hor[aá]rio/i.test(a.title) ? grid : /mapa|sala/i.test(a.title) ? ['## Salas', ...venueList] : allSections;
      pdfs.push({ file: a.file, kind: 'Programa', title: a.title, body: [...paragraphs(a.descriptionHtml), ...extra] });
    }
  }
  return { images: [...images.values()], pdfs, settings };
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const { images, pdfs, settings } = collectJobs();
  const contact = `${settings.contactEmail} · ${settings.social.social}`;
  const stats = new Map<string, { count: number; bytes: number }>();
  const record = (key: string, bytes: number) => {
    const entry = stats.get(key) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += bytes;
    stats.set(key, entry);
  };
  const queue = [...images];
  const workers = Array.from({ length: 4 }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      record(`media/${job.path.split('/')[0] ?? ''}`, await renderImage(job, settings.festivalName));
    }
  });
  await Promise.all(workers);
  for (const job of pdfs) record(`files/${job.file.split('/')[0] ?? ''}`, await renderPdf(job, settings.festivalName, contact));

  const missing = [...images.map((j) => join(MEDIA_DIR, j.path)), ...pdfs.map((j) => join(FILES_DIR, j.file))].filter((p) => {
    try {
      return !statSync(p).isFile();
    } catch {
      return true;
    }
  });
  let total = 0;
  for (const [key, { count, bytes }] of [...stats.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    total += bytes;
    console.log(`${key.padEnd(20)} ${String(count).padStart(4)} ficheiros ${(bytes / 1024).toFixed(0).padStart(7)} KB`);
  }
  console.log(
    `${'total'.padEnd(20)} ${String(images.length + pdfs.length).padStart(4)} ficheiros ${(total / 1024 / 1024).toFixed(2).padStart(7)} MB`,
  );
  if (missing.length) {
    console.error(`Em falta: ${missing.join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
