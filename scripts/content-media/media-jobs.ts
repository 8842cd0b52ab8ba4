/** Which pictures the seed refers to, and of what kind and size each is drawn (see media-art.ts). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ArtJob, ArtKind, LogoJob } from './media-art';
import type {
  ActivityFile,
  FilmFile,
  HistoryFile,
  NewsFile,
  PageFile,
  PostersFile,
  SponsorGroupFile,
} from '../../server/content/content-types';

interface ImageJobs {
  art: (ArtJob & { quality: number })[];
  logos: LogoJob[];
}

const THUMB = { width: 480, height: 270, quality: 72 };
const POSTER = { width: 1280, height: 720, quality: 70 };
/** Home carousels: cropped to the window's shape, full height on phones. */
const CAROUSEL = { width: 1600, height: 700, quality: 68 };

export function collectImageJobs(seedDir: string): ImageJobs {
  const read = <T>(name: string) => JSON.parse(readFileSync(join(seedDir, name), 'utf8')) as T;
  const art = new Map<string, ArtJob & { quality: number }>();
  const add = (path: string, kind: ArtKind, size: { width: number; height: number; quality: number }) => {
    if (path && !art.has(path)) art.set(path, { path, kind, ...size });
  };
  const pair = (item: { thumb: string; poster: string }, kind: ArtKind) => {
    add(item.thumb, kind, THUMB);
    add(item.poster, kind, POSTER);
  };
  read<FilmFile[]>('films.json').forEach((f) => pair(f, 'film'));
  read<ActivityFile[]>('activities.json').forEach((a) => pair(a, 'activity'));
  read<NewsFile[]>('news.json').forEach((n) => pair(n, 'news'));
  const posters = read<PostersFile>('posters.json');
  for (const scope of ['festa', 'distrib'] as const) {
    posters[scope].poster.forEach((p) => add(p.img, 'poster', CAROUSEL));
    posters[scope].banner.forEach((p) => add(p.img, 'banner', CAROUSEL));
  }
  for (const page of read<PageFile[]>('pages.json')) {
    add(page.poster, 'page', POSTER);
    page.cards.forEach((card) => add(card.thumb, 'page', THUMB));
  }
  for (const edition of read<HistoryFile[]>('history.json')) {
    add(edition.poster, 'history', POSTER);
    edition.listMovies.forEach((m) => add(m.thumb, 'history', THUMB));
  }
  const logos = read<SponsorGroupFile[]>('sponsor-groups.json').flatMap((g) =>
    g.sponsors.map((s) => ({ path: s.thumb, width: 300, height: 150, brand: s.name })),
  );
  return { art: [...art.values()], logos };
}
