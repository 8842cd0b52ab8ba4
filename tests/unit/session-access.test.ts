/** "Can I follow this session?": inheritance from the film, the filters of the address, a film's sessions together. */
import { describe, expect, it } from 'vitest';
import {
  anySessionOf,
  codesOf,
  followFilterOf,
  followLineParts,
  followMatches,
  resolveFollow,
} from '../../src/common/programme/session-access';

const film = { spoken_languages: 'it', subtitle_languages: 'pt', age_rating: 'M/12', access_features: 'ad' };

describe('a session’s follow', () => {
  it('reads codes however they were typed', () => {
    expect(codesOf(' IT, en;pt  it ')).toEqual(['it', 'en', 'pt']);
  });

  it('takes its film’s where it says nothing, its own where it says something, and none where it says "none"', () => {
    expect(resolveFollow({}, film)).toEqual({ languages: ['it'], subtitles: ['pt'], age_rating: 'M/12', access: ['ad'] });
    expect(resolveFollow({ subtitle_languages: 'en pt', access_features: 'lgp', age_rating: 'M/16' }, film)).toEqual({
      languages: ['it'],
      subtitles: ['pt', 'en'],
      age_rating: 'M/16',
      access: ['lgp'],
    });
    expect(resolveFollow({ subtitle_languages: 'none', access_features: 'none' }, film)).toMatchObject({ subtitles: [], access: [] });
    // An unknown code or rating in the database is not shown.
    expect(resolveFollow({ age_rating: 'X', access_features: 'braille' }, { ...film, age_rating: '' })).toMatchObject({
      age_rating: '',
      access: [],
    });
  });

  it('is a line of codes readable in any language', () => {
    expect(followLineParts(resolveFollow({ subtitle_languages: 'pt en', access_features: 'lgp' }, film))).toEqual({
      languages: 'IT',
      subtitles: 'PT EN',
      age: 'M/12',
      access: ['LGP'],
    });
  });
});

describe('the filters of the address', () => {
  it('keep only the values they know', () => {
    expect(followFilterOf(new URLSearchParams('legendas=en&idade=12&acesso=lgp'))).toEqual({ subtitles: 'en', age: 12, access: 'lgp' });
    expect(followFilterOf(new URLSearchParams('legendas=xx&idade=7&acesso=braille'))).toEqual({});
  });

  it('keep a session rated for the youngest’s age, never one not classified yet', () => {
    const rated = resolveFollow({}, film);
    expect(followMatches(rated, { age: 12 })).toBe(true);
    expect(followMatches(rated, { age: 6 })).toBe(false);
    expect(followMatches(resolveFollow({}, { ...film, age_rating: '' }), { age: 16 })).toBe(false);
    expect(followMatches(rated, { subtitles: 'en' })).toBe(false);
    expect(followMatches(rated, { subtitles: 'pt', access: 'ad' })).toBe(true);
    // A saved answer from before: only with no filter.
    expect(followMatches(undefined, {})).toBe(true);
    expect(followMatches(undefined, { access: 'ad' })).toBe(false);
  });

  it('keep a film when one of its sessions suits', () => {
    const own = resolveFollow({}, film);
    const sessions = [own, resolveFollow({ subtitle_languages: 'pt en', age_rating: 'M/6' }, film)];
    const together = anySessionOf(sessions, own);
    expect(together).toEqual({ languages: ['it'], subtitles: ['pt', 'en'], age_rating: 'M/6', access: ['ad'] });
    expect(followMatches(together, { subtitles: 'en', age: 6 })).toBe(true);
    expect(anySessionOf([], own)).toBe(own);
  });
});
