/**
 * A link field (a sponsor's, a poster's, a film's purchase link) takes an address of another site
 * only with https:// (or http://): "//evil.example/x" is another site too, never a path of this
 * one, and so is "/\evil.example/x", which browsers read alike. A poster leads outside for both.
 */
import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { RECORD_SCHEMAS } from '../../src/common/gestao/record-schemas';
import { posterTarget } from '../../src/common/page-blocks/poster-links';

const LINKS = [
  ['sponsors', 'link'],
  ['posters', 'link'],
  ['movies', 'buy_link'],
] as const;

function linkProblem(type: (typeof LINKS)[number][0], field: string, value: string): string | undefined {
  try {
    RECORD_SCHEMAS[type].validateSyncAt(field, { [field]: value });
    return undefined;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return error.message;
  }
}

describe('a link field', () => {
  it.each(LINKS)('%s.%s refuses an address starting // (or /\\) as a path of this site', (type, field) => {
    for (const value of ['//evil.example/x', '//evil.example', '/\\evil.example/x', '//']) {
      expect(linkProblem(type, field, value), value).toMatch(/tem de ser um endereço https:\/\/ ou começar por \/\.$/);
    }
    for (const value of ['/programacao', '/', '/t1/sobre?x=1#y', 'https://bilheteira.example/festa', 'http://example.pt', '']) {
      expect(linkProblem(type, field, value), value).toBeUndefined();
    }
  });

  it('a poster whose link starts // leads to that other site', () => {
    expect(posterTarget('//evil.example/x', 'https://festadocinemaitaliano.pt')).toEqual({ kind: 'external', href: '//evil.example/x' });
  });
});
