/**
 * The edition's imagery, drawn as SVG: film stills, news, activity, page and history pictures,
 * home posters and banners, and sponsor logos. Pictures carry no words: titles, dates and captions
 * belong to the page, where they can be read, translated, searched and sized, so an ArtJob has no
 * text to draw. A logo is the one image with letters in it, and only its brand's name.
 *
 * One art direction for the edition: a summer-night palette (night blue, festival red, ochre,
 * sea teal, olive and cream), flat shapes in layers, a soft vignette and the tricolour tab in a
 * corner; each picture's composition and light come from a hash of its name, so a film's thumb
 * and poster match and two films rarely look alike.
 */

export type ArtKind = 'film' | 'activity' | 'news' | 'poster' | 'banner' | 'page' | 'history';

/** A picture: where it goes, its size and kind. Deliberately nothing to write. */
export interface ArtJob {
  path: string;
  width: number;
  height: number;
  kind: ArtKind;
}

/** A sponsor's logo: its brand name is the only text it may show. */
export interface LogoJob {
  path: string;
  width: number;
  height: number;
  brand: string;
}

const PALETTE = {
  night: '#14213d',
  dusk: '#2b2d5c',
  plum: '#5a2a4d',
  red: '#ed162c',
  terracotta: '#c8553d',
  ochre: '#e8a33d',
  sand: '#f2d8a7',
  cream: '#f6efe2',
  teal: '#1f6f78',
  sea: '#2e86ab',
  sky: '#9cc5d6',
  olive: '#6b7d3a',
  cypress: '#1e3b2f',
  ink: '#111318',
} as const;

/** FNV-1a with a murmur3 finish: a small, stable hash, so similar names get unrelated pictures. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** mulberry32: the seeded randomness of one picture. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Mood {
  skyTop: string;
  skyBottom: string;
  sun: string;
  far: string;
  near: string;
  ground: string;
  light: string;
}

/** The light of a picture: dawn, noon, dusk or night, all from the one palette. */
const MOODS: Mood[] = [
  {
    skyTop: '#f0b8a0',
    skyBottom: PALETTE.sand,
    sun: PALETTE.cream,
    far: '#b89a84',
    near: PALETTE.olive,
    ground: PALETTE.cypress,
    light: PALETTE.cream,
  },
  {
    skyTop: PALETTE.sea,
    skyBottom: PALETTE.sky,
    sun: PALETTE.cream,
    far: '#7fa7a0',
    near: PALETTE.olive,
    ground: '#3f4f25',
    light: PALETTE.sand,
  },
  {
    skyTop: PALETTE.plum,
    skyBottom: PALETTE.ochre,
    sun: '#ffd27a',
    far: PALETTE.terracotta,
    near: '#5b3a3a',
    ground: '#2a1c24',
    light: PALETTE.ochre,
  },
  {
    skyTop: PALETTE.night,
    skyBottom: PALETTE.dusk,
    sun: PALETTE.sand,
    far: '#2f3d66',
    near: '#1c2540',
    ground: '#0d1326',
    light: PALETTE.ochre,
  },
];

interface Canvas {
  w: number;
  h: number;
  rand: () => number;
  mood: Mood;
  defs: string[];
}

const n = (value: number) => Math.round(value * 10) / 10;
const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length) % list.length]!;

function sky(c: Canvas, id = 'sky'): string {
  c.defs.push(
    `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.mood.skyTop}"/><stop offset="1" stop-color="${c.mood.skyBottom}"/></linearGradient>`,
  );
  return `<rect width="${c.w}" height="${c.h}" fill="url(#${id})"/>`;
}

/** A ridge line from left to right around height y, as a closed shape down to the bottom. */
function ridge(c: Canvas, y: number, amplitude: number, colour: string): string {
  const { w, h, rand } = c;
  const phase = rand() * Math.PI * 2;
  const waves = 1 + rand() * 2.5;
  const points: string[] = [];
  for (let i = 0; i <= 24; i++) {
    const x = (w * i) / 24;
    const yy = y + Math.sin((i / 24) * Math.PI * waves + phase) * amplitude + Math.sin(i * 1.7 + phase) * amplitude * 0.15;
    points.push(`${n(x)},${n(yy)}`);
  }
  return `<path d="M0,${h} L${points.join(' L')} L${w},${h} Z" fill="${colour}"/>`;
}

function cypress(x: number, base: number, height: number, colour: string): string {
  const rx = height * 0.12;
  return `<ellipse cx="${n(x)}" cy="${n(base - height / 2)}" rx="${n(rx)}" ry="${n(height / 2)}" fill="${colour}"/>`;
}

function hills(c: Canvas): string {
  const { w, h, rand, mood } = c;
  const sunX = w * (0.2 + rand() * 0.6);
  const parts = [
    sky(c),
    `<circle cx="${n(sunX)}" cy="${n(h * (0.25 + rand() * 0.15))}" r="${n(h * 0.11)}" fill="${mood.sun}" opacity="0.9"/>`,
    ridge(c, h * 0.55, h * 0.05, mood.far),
    ridge(c, h * 0.68, h * 0.06, mood.near),
  ];
  const trees = 2 + Math.floor(rand() * 5);
  const start = w * (0.1 + rand() * 0.5);
  for (let i = 0; i < trees; i++) parts.push(cypress(start + i * w * 0.035, h * 0.72, h * (0.18 + rand() * 0.1), PALETTE.cypress));
  parts.push(ridge(c, h * 0.85, h * 0.03, mood.ground));
  return parts.join('');
}

function sea(c: Canvas): string {
  const { w, h, rand, mood } = c;
  const horizon = h * (0.5 + rand() * 0.12);
  const sunX = w * (0.25 + rand() * 0.5);
  const parts = [sky(c), `<circle cx="${n(sunX)}" cy="${n(horizon - h * 0.06)}" r="${n(h * 0.13)}" fill="${mood.sun}"/>`];
  const headland = rand() < 0.5;
  parts.push(
    headland
      ? `<path d="M0,${n(horizon)} L0,${n(horizon - h * 0.12)} Q${n(w * 0.12)},${n(horizon - h * 0.16)} ${n(w * 0.28)},${n(horizon)} Z" fill="${mood.far}"/>`
      : `<path d="M${w},${n(horizon)} L${w},${n(horizon - h * 0.1)} Q${n(w * 0.85)},${n(horizon - h * 0.14)} ${n(w * 0.7)},${n(horizon)} Z" fill="${mood.far}"/>`,
  );
  parts.push(`<rect y="${n(horizon)}" width="${w}" height="${n(h - horizon)}" fill="${PALETTE.teal}"/>`);
  for (let i = 0; i < 9; i++) {
    const y = horizon + ((h - horizon) * (i + 0.5)) / 9;
    const len = w * (0.04 + 0.02 * i);
    parts.push(
      `<rect x="${n(sunX - len / 2 + (rand() - 0.5) * w * 0.03)}" y="${n(y)}" width="${n(len)}" height="${n(Math.max(1, h * 0.006))}" fill="${mood.sun}" opacity="${(0.7 - i * 0.05).toFixed(2)}"/>`,
    );
  }
  const bx = w * (0.15 + rand() * 0.7);
  const by = horizon + (h - horizon) * 0.45;
  const s = h * 0.07;
  parts.push(
    `<path d="M${n(bx - s)},${n(by)} L${n(bx + s)},${n(by)} L${n(bx + s * 0.7)},${n(by + s * 0.35)} L${n(bx - s * 0.7)},${n(by + s * 0.35)} Z" fill="${PALETTE.ink}"/>`,
    `<path d="M${n(bx)},${n(by - s * 1.6)} L${n(bx)},${n(by)} L${n(bx + s * 0.9)},${n(by)} Z" fill="${PALETTE.cream}"/>`,
  );
  return parts.join('');
}

function city(c: Canvas): string {
  const { w, h, rand, mood } = c;
  const parts = [sky(c), `<circle cx="${n(w * (0.6 + rand() * 0.3))}" cy="${n(h * 0.2)}" r="${n(h * 0.07)}" fill="${mood.sun}"/>`];
  const base = h * 0.9;
  let x = -w * 0.02;
  const domeAt = Math.floor(rand() * 5) + 2;
  let index = 0;
  while (x < w) {
    const bw = w * (0.06 + rand() * 0.09);
    const bh = h * (0.2 + rand() * 0.35);
    const colour = index % 2 === 0 ? mood.near : mood.far;
    parts.push(`<rect x="${n(x)}" y="${n(base - bh)}" width="${n(bw + 1)}" height="${n(bh)}" fill="${colour}"/>`);
    if (index === domeAt) {
      const r = bw * 0.45;
      parts.push(
        `<path d="M${n(x + bw / 2 - r)},${n(base - bh)} A${n(r)},${n(r)} 0 0 1 ${n(x + bw / 2 + r)},${n(base - bh)} Z" fill="${colour}"/>`,
        `<rect x="${n(x + bw / 2 - r * 0.12)}" y="${n(base - bh - r * 1.35)}" width="${n(r * 0.24)}" height="${n(r * 0.4)}" fill="${colour}"/>`,
      );
    }
    const rows = Math.max(1, Math.floor(bh / (h * 0.09)));
    const cols = Math.max(1, Math.floor(bw / (w * 0.03)));
    for (let r = 0; r < rows; r++) {
      for (let k = 0; k < cols; k++) {
        if (rand() < 0.45) continue;
        const ww = (bw / cols) * 0.4;
        const wx = x + (bw / cols) * (k + 0.3);
        const wy = base - bh + h * 0.04 + r * h * 0.09;
        parts.push(
          `<path d="M${n(wx)},${n(wy + ww * 1.6)} L${n(wx)},${n(wy + ww * 0.5)} A${n(ww / 2)},${n(ww / 2)} 0 0 1 ${n(wx + ww)},${n(wy + ww * 0.5)} L${n(wx + ww)},${n(wy + ww * 1.6)} Z" fill="${mood.light}" opacity="0.85"/>`,
        );
      }
    }
    x += bw;
    index++;
  }
  parts.push(`<rect y="${n(base)}" width="${w}" height="${n(h - base)}" fill="${mood.ground}"/>`);
  return parts.join('');
}

function windowView(c: Canvas): string {
  const { w, h, rand, mood } = c;
  const wall = pick(rand, [PALETTE.terracotta, PALETTE.teal, PALETTE.plum, '#8a5a3c']);
  const fx = w * (0.3 + rand() * 0.2);
  const fw = w * 0.28;
  const fy = h * 0.14;
  const fh = h * 0.6;
  const inner: Canvas = { ...c, w: fw, h: fh };
  const view = `<svg x="${n(fx)}" y="${n(fy)}" width="${n(fw)}" height="${n(fh)}" viewBox="0 0 ${n(fw)} ${n(fh)}">${hills(inner)}</svg>`;
  const slats = (sx: number) =>
    Array.from(
      { length: 9 },
      (_, i) =>
        `<rect x="${n(sx)}" y="${n(fy + (fh * (i + 0.4)) / 9)}" width="${n(fw * 0.5)}" height="${n(fh * 0.03)}" fill="${PALETTE.ink}" opacity="0.25"/>`,
    ).join('');
  return [
    `<rect width="${w}" height="${h}" fill="${wall}"/>`,
    view,
    `<rect x="${n(fx)}" y="${n(fy)}" width="${n(fw)}" height="${n(fh)}" fill="none" stroke="${PALETTE.cream}" stroke-width="${n(h * 0.015)}"/>`,
    `<rect x="${n(fx + fw / 2 - h * 0.005)}" y="${n(fy)}" width="${n(h * 0.01)}" height="${n(fh)}" fill="${PALETTE.cream}"/>`,
    `<rect x="${n(fx - fw * 0.5)}" y="${n(fy)}" width="${n(fw * 0.5)}" height="${n(fh)}" fill="${PALETTE.olive}"/>${slats(fx - fw * 0.5)}`,
    `<rect x="${n(fx + fw)}" y="${n(fy)}" width="${n(fw * 0.5)}" height="${n(fh)}" fill="${PALETTE.olive}"/>${slats(fx + fw)}`,
    `<rect y="${n(h * 0.8)}" width="${w}" height="${n(h * 0.2)}" fill="${PALETTE.ink}" opacity="0.55"/>`,
    `<rect x="${n(w * 0.62)}" y="${n(h * 0.62)}" width="${n(w * 0.06)}" height="${n(h * 0.18)}" rx="${n(h * 0.02)}" fill="${mood.light}"/>`,
    `<circle cx="${n(w * 0.65)}" cy="${n(h * 0.56)}" r="${n(h * 0.08)}" fill="${PALETTE.olive}"/>`,
  ].join('');
}

function road(c: Canvas): string {
  const { w, h, rand, mood } = c;
  const vx = w * (0.35 + rand() * 0.3);
  const horizon = h * 0.52;
  const parts = [
    sky(c),
    `<circle cx="${n(vx + w * 0.12)}" cy="${n(horizon - h * 0.12)}" r="${n(h * 0.09)}" fill="${mood.sun}"/>`,
    ridge(c, horizon, h * 0.02, mood.far),
    `<rect y="${n(horizon + h * 0.02)}" width="${w}" height="${n(h)}" fill="${pick(rand, [PALETTE.ochre, PALETTE.olive, '#a8893f'])}"/>`,
    `<path d="M${n(vx - w * 0.006)},${n(horizon + h * 0.02)} L${n(vx + w * 0.006)},${n(horizon + h * 0.02)} L${n(vx + w * 0.3)},${h} L${n(vx - w * 0.3)},${h} Z" fill="#3a3a40"/>`,
  ];
  for (let i = 0; i < 6; i++) {
    const t0 = 0.1 + i * 0.16;
    const t1 = t0 + 0.07;
    const y0 = horizon + (h - horizon) * t0 * t0;
    const y1 = horizon + (h - horizon) * t1 * t1;
    parts.push(
      `<path d="M${n(vx - w * 0.002 * (1 + t0 * 6))},${n(y0)} L${n(vx + w * 0.002 * (1 + t0 * 6))},${n(y0)} L${n(vx + w * 0.002 * (1 + t1 * 6))},${n(y1)} L${n(vx - w * 0.002 * (1 + t1 * 6))},${n(y1)} Z" fill="${PALETTE.cream}"/>`,
    );
  }
  for (let i = 1; i <= 5; i++) {
    const t = i / 5;
    const x = vx + w * 0.36 * t;
    const top = horizon - h * 0.22 * t;
    parts.push(
      `<rect x="${n(x)}" y="${n(top)}" width="${n(Math.max(1.5, w * 0.004 * t))}" height="${n(h * 0.3 * t)}" fill="${PALETTE.ink}"/>`,
    );
  }
  return parts.join('');
}

function portrait(c: Canvas): string {
  const { w, h, rand, mood } = c;
  const bg = pick(rand, [PALETTE.cream, PALETTE.sand, PALETTE.sky, '#e9c9b5']);
  const disc = pick(rand, [PALETTE.red, PALETTE.ochre, PALETTE.teal, PALETTE.terracotta]);
  const cx = w * (rand() < 0.5 ? 0.32 : 0.68);
  const r = h * 0.34;
  const head = h * 0.13;
  const hy = h * 0.5;
  const figure = pick(rand, [PALETTE.ink, PALETTE.night, PALETTE.cypress]);
  const hat = rand() < 0.5;
  const stripes = Array.from(
    { length: 6 },
    (_, i) => `<rect x="0" y="${n((h * i) / 6)}" width="${w}" height="${n(h / 12)}" fill="${mood.skyTop}" opacity="0.07"/>`,
  ).join('');
  return [
    `<rect width="${w}" height="${h}" fill="${bg}"/>`,
    stripes,
    `<circle cx="${n(cx + w * 0.04)}" cy="${n(h * 0.45)}" r="${n(r)}" fill="${disc}"/>`,
    `<circle cx="${n(cx)}" cy="${n(hy)}" r="${n(head)}" fill="${figure}"/>`,
    `<path d="M${n(cx - head * 0.45)},${n(hy + head * 0.8)} L${n(cx + head * 0.45)},${n(hy + head * 0.8)} L${n(cx + head * 0.5)},${n(hy + head * 1.3)} Q${n(cx + head * 2.6)},${n(hy + head * 1.5)} ${n(cx + head * 2.9)},${h} L${n(cx - head * 2.9)},${h} Q${n(cx - head * 2.6)},${n(hy + head * 1.5)} ${n(cx - head * 0.5)},${n(hy + head * 1.3)} Z" fill="${figure}"/>`,
    hat
      ? `<rect x="${n(cx - head * 1.35)}" y="${n(hy - head * 0.75)}" width="${n(head * 2.7)}" height="${n(head * 0.16)}" rx="${n(head * 0.08)}" fill="${figure}"/><path d="M${n(cx - head * 0.8)},${n(hy - head * 0.7)} L${n(cx - head * 0.7)},${n(hy - head * 1.45)} Q${n(cx)},${n(hy - head * 1.7)} ${n(cx + head * 0.7)},${n(hy - head * 1.45)} L${n(cx + head * 0.8)},${n(hy - head * 0.7)} Z" fill="${figure}"/>`
      : `<path d="M${n(cx - head * 1.05)},${n(hy + head * 0.2)} Q${n(cx - head * 1.3)},${n(hy - head * 1.4)} ${n(cx)},${n(hy - head * 1.15)} Q${n(cx + head * 1.3)},${n(hy - head * 1.4)} ${n(cx + head * 1.05)},${n(hy + head * 0.2)} Q${n(cx + head * 1.4)},${n(hy + head * 1.4)} ${n(cx + head * 0.9)},${n(hy + head * 1.6)} L${n(cx - head * 0.9)},${n(hy + head * 1.6)} Q${n(cx - head * 1.4)},${n(hy + head * 1.4)} ${n(cx - head * 1.05)},${n(hy + head * 0.2)} Z" fill="${figure}"/>`,
  ].join('');
}

function cinema(c: Canvas): string {
  const { w, h, rand, mood } = c;
  const px = w * (0.35 + rand() * 0.3);
  const py = h * 0.7;
  const sx0 = w * 0.22;
  const sx1 = w * 0.78;
  const top = h * 0.1;
  const bottom = h * 0.52;
  c.defs.push(
    `<linearGradient id="beam" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="${PALETTE.cream}" stop-opacity="0.7"/><stop offset="1" stop-color="${PALETTE.cream}" stop-opacity="0.06"/></linearGradient>`,
  );
  const parts = [
    `<rect width="${w}" height="${h}" fill="${PALETTE.night}"/>`,
    `<rect x="${n(sx0)}" y="${n(top)}" width="${n(sx1 - sx0)}" height="${n(bottom - top)}" fill="${mood.skyBottom}"/>`,
    `<rect x="${n(sx0)}" y="${n(top)}" width="${n(sx1 - sx0)}" height="${n((bottom - top) / 2)}" fill="${mood.skyTop}" opacity="0.6"/>`,
    `<path d="M${n(px)},${n(py)} L${n(sx0)},${n(bottom)} L${n(sx0)},${n(top)} L${n(sx1)},${n(top)} L${n(sx1)},${n(bottom)} Z" fill="url(#beam)"/>`,
    `<rect x="0" y="0" width="${n(w * 0.08)}" height="${h}" fill="${PALETTE.red}" opacity="0.55"/>`,
    `<rect x="${n(w * 0.92)}" y="0" width="${n(w * 0.08)}" height="${h}" fill="${PALETTE.red}" opacity="0.55"/>`,
  ];
  for (let row = 0; row < 3; row++) {
    const y = h * (0.68 + row * 0.11);
    const seatW = w * (0.06 + row * 0.012);
    for (let x = -seatW * rand(); x < w; x += seatW * 1.08) {
      if (rand() < 0.35)
        parts.push(`<circle cx="${n(x + seatW / 2)}" cy="${n(y - h * 0.035)}" r="${n(seatW * 0.22)}" fill="${PALETTE.ink}"/>`);
      parts.push(
        `<rect x="${n(x)}" y="${n(y)}" width="${n(seatW)}" height="${n(h * 0.2)}" rx="${n(seatW * 0.2)}" fill="${row === 2 ? PALETTE.ink : '#5e1620'}"/>`,
      );
    }
  }
  return parts.join('');
}

function geometric(c: Canvas): string {
  const { w, h, rand } = c;
  const colours = [PALETTE.red, PALETTE.ochre, PALETTE.teal, PALETTE.night, PALETTE.olive, PALETTE.terracotta];
  const parts = [`<rect width="${w}" height="${h}" fill="${pick(rand, [PALETTE.cream, PALETTE.sand, PALETTE.night])}"/>`];
  const big = h * (0.3 + rand() * 0.15);
  parts.push(
    `<circle cx="${n(w * (0.25 + rand() * 0.5))}" cy="${n(h * (0.35 + rand() * 0.3))}" r="${n(big)}" fill="${pick(rand, colours)}"/>`,
  );
  for (let i = 0; i < 5; i++) {
    const x = rand() * w;
    const y = rand() * h;
    const s = h * (0.08 + rand() * 0.22);
    const colour = pick(rand, colours);
    const shape = Math.floor(rand() * 3);
    if (shape === 0) parts.push(`<path d="M${n(x - s)},${n(y)} A${n(s)},${n(s)} 0 0 1 ${n(x + s)},${n(y)} Z" fill="${colour}"/>`);
    else if (shape === 1)
      parts.push(
        `<rect x="${n(x)}" y="${n(y)}" width="${n(s * 2.5)}" height="${n(s * 0.35)}" fill="${colour}" transform="rotate(${Math.round(rand() * 90 - 45)} ${n(x)} ${n(y)})"/>`,
      );
    else parts.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(s * 0.6)}" fill="none" stroke="${colour}" stroke-width="${n(s * 0.18)}"/>`);
  }
  return parts.join('');
}

/** A talk or masterclass: a lit stage with a lectern, two armchairs, or a lectern before a screen. */
function stage(c: Canvas): string {
  const { w, h, rand, mood } = c;
  const cx = w * (0.35 + rand() * 0.3);
  const variant = Math.floor(rand() * 3);
  const floor = h * 0.82;
  c.defs.push(
    `<linearGradient id="spot" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${PALETTE.cream}" stop-opacity="0.05"/><stop offset="1" stop-color="${PALETTE.cream}" stop-opacity="0.6"/></linearGradient>`,
  );
  const curtain = pick(rand, ['#8c1020', PALETTE.plum, PALETTE.teal]);
  const folds = Array.from({ length: 8 }, (_, i) => {
    const x = i < 4 ? i * w * 0.03 : w - (i - 3) * w * 0.03;
    return `<rect x="${n(x)}" y="0" width="${n(w * 0.03)}" height="${h}" fill="${curtain}" opacity="${i % 2 ? 1 : 0.8}"/>`;
  }).join('');
  const armchair = (x: number, facing: 1 | -1, colour: string) =>
    `<rect x="${n(x - w * 0.045)}" y="${n(floor - h * 0.14)}" width="${n(w * 0.09)}" height="${n(h * 0.08)}" rx="${n(h * 0.02)}" fill="${colour}"/>` +
    `<rect x="${n(facing === 1 ? x - w * 0.055 : x + w * 0.035)}" y="${n(floor - h * 0.26)}" width="${n(w * 0.02)}" height="${n(h * 0.2)}" rx="${n(h * 0.01)}" fill="${colour}"/>` +
    `<rect x="${n(x - w * 0.04)}" y="${n(floor - h * 0.06)}" width="${n(w * 0.008)}" height="${n(h * 0.06)}" fill="${PALETTE.ink}"/><rect x="${n(x + w * 0.032)}" y="${n(floor - h * 0.06)}" width="${n(w * 0.008)}" height="${n(h * 0.06)}" fill="${PALETTE.ink}"/>`;
  const lectern = `<path d="M${n(cx - w * 0.05)},${n(floor)} L${n(cx - w * 0.035)},${n(h * 0.55)} L${n(cx + w * 0.035)},${n(h * 0.55)} L${n(cx + w * 0.05)},${n(floor)} Z" fill="${mood.near}"/>`;
  const microphone = `<rect x="${n(cx + w * 0.12)}" y="${n(h * 0.4)}" width="${n(Math.max(2, w * 0.004))}" height="${n(floor - h * 0.4)}" fill="${PALETTE.sand}"/><circle cx="${n(cx + w * 0.122)}" cy="${n(h * 0.39)}" r="${n(h * 0.018)}" fill="${PALETTE.sand}"/>`;
  const scene =
    variant === 0
      ? lectern + microphone
      : variant === 1
        ? armchair(cx - w * 0.09, 1, pick(rand, [PALETTE.ochre, PALETTE.red, PALETTE.sand])) +
          armchair(cx + w * 0.09, -1, pick(rand, [PALETTE.ochre, PALETTE.teal, PALETTE.sand])) +
          `<rect x="${n(cx - w * 0.025)}" y="${n(floor - h * 0.09)}" width="${n(w * 0.05)}" height="${n(h * 0.09)}" fill="${PALETTE.ink}"/>`
        : `<rect x="${n(w * 0.2)}" y="${n(h * 0.12)}" width="${n(w * 0.6)}" height="${n(h * 0.36)}" fill="${mood.skyBottom}"/><rect x="${n(w * 0.2)}" y="${n(h * 0.12)}" width="${n(w * 0.6)}" height="${n(h * 0.18)}" fill="${mood.skyTop}" opacity="0.7"/>` +
          lectern;
  return [
    `<rect width="${w}" height="${h}" fill="${PALETTE.ink}"/>`,
    `<path d="M${n(cx - w * 0.03)},0 L${n(cx + w * 0.03)},0 L${n(cx + w * 0.22)},${n(floor)} L${n(cx - w * 0.22)},${n(floor)} Z" fill="url(#spot)"/>`,
    `<ellipse cx="${n(cx)}" cy="${n(floor)}" rx="${n(w * 0.22)}" ry="${n(h * 0.05)}" fill="${PALETTE.cream}" opacity="0.5"/>`,
    `<rect y="${n(floor)}" width="${w}" height="${n(h - floor)}" fill="#3b2418"/>`,
    scene,
    folds,
  ].join('');
}

function gallery(c: Canvas): string {
  const { w, h, rand } = c;
  const wall = pick(rand, [PALETTE.cream, PALETTE.sand, '#e6e0d4']);
  const parts = [
    `<rect width="${w}" height="${h}" fill="${wall}"/>`,
    `<rect y="${n(h * 0.78)}" width="${w}" height="${n(h * 0.22)}" fill="#9a7b5a"/>`,
  ];
  const frames = 3 + Math.floor(rand() * 2);
  const gap = w / (frames + 1);
  for (let i = 0; i < frames; i++) {
    const fw = gap * (0.55 + rand() * 0.25);
    const fh = h * (0.3 + rand() * 0.2);
    const x = gap * (i + 1) - fw / 2;
    const y = h * 0.42 - fh / 2;
    const inner: Canvas = { ...c, w: fw * 0.86, h: fh * 0.86, defs: c.defs };
    const art = pick(rand, [geometric, portrait] as const)(inner);
    parts.push(
      `<rect x="${n(x)}" y="${n(y)}" width="${n(fw)}" height="${n(fh)}" fill="${PALETTE.ink}"/>`,
      `<svg x="${n(x + fw * 0.07)}" y="${n(y + fh * 0.07)}" width="${n(fw * 0.86)}" height="${n(fh * 0.86)}" viewBox="0 0 ${n(inner.w)} ${n(inner.h)}">${art}</svg>`,
    );
  }
  parts.push(`<rect x="${n(w * 0.35)}" y="${n(h * 0.8)}" width="${n(w * 0.3)}" height="${n(h * 0.05)}" fill="${PALETTE.ink}"/>`);
  return parts.join('');
}

type Scene = (c: Canvas) => string;
const FILM_SCENES: Scene[] = [hills, sea, city, windowView, road, portrait, cinema, geometric];
const SCENES_BY_KIND: Record<ArtKind, Scene[]> = {
  film: FILM_SCENES,
  history: FILM_SCENES,
  activity: [stage, gallery, cinema, portrait],
  news: [...FILM_SCENES, stage, gallery],
  page: [city, cinema, gallery, hills],
  poster: [cinema, hills, sea, city, geometric],
  banner: [geometric, cinema, road, sea],
};

/** What one picture is drawn from: its name without size suffix, so a thumb and its poster match. */
function artSeed(path: string): number {
  return hash(path.replace(/-(thumb|poster)(?=\.[a-z]+$)/, '').replace(/\.[a-z]+$/, ''));
}

export function artworkSvg(job: ArtJob): string {
  const { width: w, height: h } = job;
  const seed = artSeed(job.path);
  const rand = prng(seed);
  const scenes = SCENES_BY_KIND[job.kind];
  const scene = scenes[seed % scenes.length]!;
  const c: Canvas = { w, h, rand, mood: MOODS[(seed >>> 8) % MOODS.length]!, defs: [] };
  const body = scene(c);
  const tab = Math.max(3, Math.round(h * 0.012));
  const tabW = Math.round(h * 0.05);
  const margin = Math.round(h * 0.05);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs>${c.defs.join('')}<radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.4"/></radialGradient></defs>
${body}
<rect width="${w}" height="${h}" fill="url(#vignette)"/>
<rect x="${margin}" y="${margin}" width="${tabW}" height="${tab}" fill="#009246"/><rect x="${margin + tabW}" y="${margin}" width="${tabW}" height="${tab}" fill="#f4f5f0"/><rect x="${margin + tabW * 2}" y="${margin}" width="${tabW}" height="${tab}" fill="#ce2b37"/>
</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Logos

const LOGO_FONTS = ['DejaVu Sans, sans-serif', 'DejaVu Serif, serif', 'Liberation Sans Narrow, DejaVu Sans Condensed, sans-serif'];
const BRAND_COLOURS = [PALETTE.red, PALETTE.teal, PALETTE.night, PALETTE.olive, PALETTE.terracotta, PALETTE.plum, '#0b6e4f', '#b5651d'];

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The brand's name in up to `max` lines of about `chars` characters. */
function brandLines(brand: string, chars: number, max: number): string[] {
  const lines: string[] = [];
  for (const word of brand.split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last.length + word.length + 1 <= chars || lines.length >= max)) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** Initials of the brand's significant words ("Câmara Municipal de Lisboa" → "CML"). */
export function initials(brand: string): string {
  return brand
    .split(/\s+/)
    .filter((word) => /^[A-ZÀ-Ý0-9]/.test(word))
    .map((word) => word[0])
    .join('')
    .slice(0, 3);
}

function mark(kind: number, x: number, y: number, s: number, colour: string): string {
  switch (kind) {
    case 0:
      return `<circle cx="${x}" cy="${y}" r="${s}" fill="${colour}"/><circle cx="${x}" cy="${y}" r="${n(s * 0.45)}" fill="#fff"/>`;
    case 1:
      return `<path d="M${x},${n(y - s)} L${n(x + s)},${n(y + s * 0.8)} L${n(x - s)},${n(y + s * 0.8)} Z" fill="${colour}"/>`;
    case 2:
      return [0, 1, 2]
        .map(
          (i) =>
            `<path d="M${n(x - s)},${n(y - s * 0.5 + i * s * 0.55)} q${n(s / 2)},${n(-s * 0.4)} ${s},0 t${s},0" fill="none" stroke="${colour}" stroke-width="${n(s * 0.22)}"/>`,
        )
        .join('');
    case 3:
      return `<rect x="${n(x - s)}" y="${n(y - s)}" width="${2 * s}" height="${2 * s}" rx="${n(s * 0.3)}" fill="${colour}"/><rect x="${n(x - s * 0.55)}" y="${n(y - s * 0.55)}" width="${n(s * 1.1)}" height="${n(s * 1.1)}" fill="#fff"/><rect x="${n(x - s * 0.25)}" y="${n(y - s * 0.25)}" width="${n(s * 0.5)}" height="${n(s * 0.5)}" fill="${colour}"/>`;
    default: {
      const points = Array.from({ length: 10 }, (_, i) => {
        const r = i % 2 === 0 ? s : s * 0.45;
        const a = (Math.PI * i) / 5 - Math.PI / 2;
        return `${n(x + r * Math.cos(a))},${n(y + r * Math.sin(a))}`;
      });
      return `<path d="M${points.join(' L')} Z" fill="${colour}"/>`;
    }
  }
}

export function logoSvg(job: LogoJob): string {
  const { width: w, height: h, brand } = job;
  const seed = hash(brand);
  const colour = BRAND_COLOURS[seed % BRAND_COLOURS.length]!;
  const font = LOGO_FONTS[(seed >>> 4) % LOGO_FONTS.length]!;
  const style = (seed >>> 8) % 4;
  const markKind = (seed >>> 12) % 5;
  const text = (lines: string[], x: number, y: number, size: number, fill: string, anchor: string, extra = '') =>
    lines
      .map(
        (line, i) =>
          `<text x="${x}" y="${n(y + i * size * 1.15)}" font-size="${size}" fill="${fill}" text-anchor="${anchor}" font-weight="bold"${extra}>${escapeXml(line)}</text>`,
      )
      .join('');
  let body: string;
  if (style === 0) {
    // A badge: the name reversed out of the brand colour.
    const lines = brandLines(brand, 16, 3);
    const size = lines.length > 2 ? 19 : 23;
    const top = h / 2 - ((lines.length - 1) * size * 1.15) / 2 + size * 0.35;
    body = `<rect x="10" y="${n(h * 0.14)}" width="${w - 20}" height="${n(h * 0.72)}" rx="${n(h * 0.36)}" fill="${colour}"/>${text(lines, w / 2, top, size, '#fff', 'middle')}`;
  } else if (style === 1) {
    // A mark and the name beside it.
    const lines = brandLines(brand, 14, 3);
    const size = lines.length > 2 ? 18 : 22;
    const top = h / 2 - ((lines.length - 1) * size * 1.15) / 2 + size * 0.35;
    body = `${mark(markKind, 44, h / 2, 24, colour)}${text(lines, 84, top, size, PALETTE.ink, 'start')}`;
  } else if (style === 2) {
    // Stacked: the mark above, the name in spaced capitals below.
    const lines = brandLines(brand.toUpperCase(), 22, 2);
    const size = 15;
    body = `${mark(markKind, w / 2, 44, 22, colour)}${text(lines, w / 2, 94, size, colour, 'middle', ' letter-spacing="1.5"')}`;
  } else {
    // A monogram disc and the name.
    const lines = brandLines(brand, 15, 3);
    const size = lines.length > 2 ? 17 : 21;
    const top = h / 2 - ((lines.length - 1) * size * 1.15) / 2 + size * 0.35;
    const mono = initials(brand);
    body = `<circle cx="46" cy="${h / 2}" r="34" fill="${colour}"/>${text([mono], 46, h / 2 + (mono.length > 2 ? 7 : 9), mono.length > 2 ? 20 : 26, '#fff', 'middle')}${text(lines, 92, top, size, colour, 'start')}`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="${font}">
<rect width="${w}" height="${h}" fill="#ffffff"/>
${body}
</svg>`;
}
