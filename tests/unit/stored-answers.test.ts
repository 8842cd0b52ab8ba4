/**
 * The offline boot reads a page's answers straight from IndexedDB (no Dexie before first paint):
 * it must find what Dexie stored, and never create a database Dexie could not then open.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { openFestaDb } from '../../src/data/db';
import { readStoredAnswers } from '../../src/data/stored-answers';

const exists = async (name: string) => (await indexedDB.databases()).some((db) => db.name === name);

describe('the answers read for the offline boot', () => {
  it('are those Dexie stored, by path, with when they were fetched; paths never stored are left out', async () => {
    const db = openFestaDb('boot-read');
    await db.answers.bulkPut([
      { path: '/api/cities', data: [{ id: '1', name: 'Lisboa' }], updatedAt: 1_700_000_000_000 },
      { path: '/api/menus/festa', data: { top: [], bottom: [] }, updatedAt: 1_700_000_000_001 },
    ]);
    db.close();

    const found = await readStoredAnswers(['/api/cities', '/api/menus/festa', '/api/movie/999'], 'boot-read');
    expect([...found.keys()].sort()).toEqual(['/api/cities', '/api/menus/festa']);
    expect(found.get('/api/cities')).toEqual({ status: 200, data: [{ id: '1', name: 'Lisboa' }], updatedAt: 1_700_000_000_000 });
  });

  it('find nothing on a first visit without signal, create no database, and leave Dexie free to create its own', async () => {
    expect(await readStoredAnswers(['/api/cities'], 'never-opened')).toEqual(new Map());
    expect(await exists('never-opened')).toBe(false);

    const db = openFestaDb('never-opened');
    await db.answers.put({ path: '/api/cities', data: [], updatedAt: 1 });
    expect(await db.agenda.count()).toBe(0);
    db.close();
    expect((await readStoredAnswers(['/api/cities'], 'never-opened')).get('/api/cities')).toMatchObject({ status: 200, data: [] });
  });

  it('do not hold up a newer app: its schema upgrade goes through while the boot connection is open', async () => {
    // The schema of an earlier release: the answers table only.
    const earlier = new Dexie('upgraded');
    earlier.version(1).stores({ answers: 'path, updatedAt' });
    await earlier.table('answers').put({ path: '/api/cities', data: [], updatedAt: 1 });
    earlier.close();
    expect((await readStoredAnswers(['/api/cities'], 'upgraded')).size).toBe(1);

    const current = openFestaDb('upgraded');
    expect(await current.agenda.count()).toBe(0);
    expect(await current.answers.count()).toBe(1);
    current.close();
  });
});
