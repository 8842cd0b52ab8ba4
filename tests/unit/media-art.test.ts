/**
 * Images carry no words: the pictures of the seed (film stills, news, activities, pages, history,
 * home posters and banners) are drawn without any text, and a sponsor logo shows only its brand's
 * name. The generator's jobs for pictures have no text field at all; these tests render every
 * job of the real seed and would catch a <text> painted back in.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { artworkSvg, initials, logoSvg, type ArtJob } from '../../scripts/content-media/media-art';
import { collectImageJobs } from '../../scripts/content-media/media-jobs';

const SEED = join(import.meta.dirname, '../../server/content/seed');
const { art, logos } = collectImageJobs(SEED);
const TEXT_ELEMENT = /<(text|tspan|textPath|foreignObject)\b/;
const textsOf = (svg: string) => [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);

describe('the seed pictures', () => {
  it('cover every kind the site shows', () => {
    const kinds = new Set(art.map((job) => job.kind));
    expect([...kinds].sort()).toEqual(['activity', 'banner', 'film', 'history', 'news', 'page', 'poster']);
    expect(art.length).toBeGreaterThan(200);
  });

  it.each(['film', 'activity', 'news', 'poster', 'banner', 'page', 'history'] as const)('of kind %s draw no text', (kind) => {
    const jobs = art.filter((job) => job.kind === kind);
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) expect(artworkSvg(job), job.path).not.toMatch(TEXT_ELEMENT);
  });

  it('take nothing to write: a job is a path, a size and a kind', () => {
    for (const job of art) expect(Object.keys(job).sort()).toEqual(['height', 'kind', 'path', 'quality', 'width']);
  });

  it('vary the composition between films and match a film’s thumb and poster', () => {
    const scene = (job: ArtJob) => /<svg[^>]*>\s*<defs>[\s\S]*?<\/defs>\s*(<[a-z]+)/.exec(artworkSvg(job))?.[1] ?? '';
    const posters = art.filter((job) => job.kind === 'film' && job.path.endsWith('-poster.jpg'));
    expect(new Set(posters.map((job) => artworkSvg({ ...job, width: 64, height: 36 }).length)).size).toBeGreaterThan(posters.length / 2);
    const thumb = art.find((job) => job.path === 'films/101-thumb.jpg')!;
    const poster = art.find((job) => job.path === 'films/101-poster.jpg')!;
    expect(scene(thumb)).toBe(scene(poster));
    expect(artworkSvg({ ...thumb, width: 1280, height: 720 })).toBe(artworkSvg(poster));
  });

  it('would catch a title painted in (the check can fail)', () => {
    const painted = artworkSvg(art[0]!).replace('</svg>', '<text x="10" y="20">O Verão de Ada</text></svg>');
    expect(painted).toMatch(TEXT_ELEMENT);
  });
});

describe('the sponsor logos', () => {
  it('show their brand’s name and nothing else', () => {
    expect(logos.length).toBeGreaterThan(10);
    for (const job of logos) {
      const words = textsOf(logoSvg(job)).join(' ').replace(/&amp;/g, '&').split(/\s+/).filter(Boolean);
      expect(words.length, job.brand).toBeGreaterThan(0);
      const allowed = new Set([...job.brand.split(/\s+/), ...job.brand.toUpperCase().split(/\s+/), initials(job.brand)]);
      for (const word of words) expect(allowed.has(word), `${job.brand}: "${word}"`).toBe(true);
    }
  });
});
