import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { apiPath, endpoints } from '../../src/common/api/endpoint-refs';
import { CARD_IMAGES_KEY, CARD_IMAGES_LIMIT, cardImagePaths } from '../../src/data/card-images';
import { openFestaDb } from '../../src/data/db';
import { storeProgramme } from '../../src/data/programme-sync';

const prefsPath = apiPath(endpoints.homeprefs, {});

describe('the card pictures kept with the offline programme', () => {
  it('are every thumb of the answers, under the image base, once each', () => {
    const answers = {
      [prefsPath]: { imageBase: '/imagens/' },
      '/api/movies/0/festa': [
        { id: '101', thumb: 'films/101-thumb.jpg', poster: 'films/101-poster.jpg' },
        { id: '102', thumb: '/media/films/102-thumb.jpg' },
      ],
      '/api/activities': { cards: [{ movie_id: '201', thumb: 'activities/201-thumb.jpg' }], more: [{ thumb: 'films/101-thumb.jpg' }] },
    };
    expect(cardImagePaths(answers)).toEqual([
      '/imagens/films/101-thumb.jpg',
      '/media/films/102-thumb.jpg',
      '/imagens/activities/201-thumb.jpg',
    ]);
  });

  it('use /media/ when homeprefs names no base, and leave other hosts and empty thumbs out', () => {
    const answers = {
      '/api/news': [
        { thumb: 'news/1.jpg' },
        { thumb: 'https://cdn.example.org/x.jpg' },
        { thumb: '//cdn.example.org/y.jpg' },
        { thumb: '' },
      ],
    };
    expect(cardImagePaths(answers)).toEqual(['/media/news/1.jpg']);
  });

  it('stop at the limit, whatever the content holds', () => {
    const many = Array.from({ length: CARD_IMAGES_LIMIT + 50 }, (_, i) => ({ thumb: `films/${i}.jpg` }));
    const paths = cardImagePaths({ '/api/movies': many });
    expect(paths).toHaveLength(CARD_IMAGES_LIMIT);
    expect(paths[0]).toBe('/media/films/0.jpg');
  });
});

describe('a stored programme', () => {
  it('lists its card pictures, so that a page opened later keeps what an earlier one left half done', async () => {
    const db = openFestaDb('card-images-list');
    await storeProgramme(
      db,
      { version: 'v1', generatedAt: '', answers: { '/api/activities': [{ thumb: 'activities/201-thumb.jpg' }] } },
      1,
    );
    expect((await db.meta.get(CARD_IMAGES_KEY))?.value).toEqual(['/media/activities/201-thumb.jpg']);
    await storeProgramme(db, { version: 'v2', generatedAt: '', answers: { '/api/activities': [] } }, 2);
    expect((await db.meta.get(CARD_IMAGES_KEY))?.value).toEqual([]);
    db.close();
  });
});
