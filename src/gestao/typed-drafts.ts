/**
 * What an editor typed in a record's form and has not saved yet, kept in two places two seconds
 * after the typing pauses: this browser's IndexedDB (survives a reload, a crash or a dropped
 * connection) and the server (survives a lost laptop; follows the person to another device). When
 * the form opens again, the newer of the two comes back. Forgotten in both once the server has
 * the record; the browser's copies are forgotten at logout (the server keeps its own).
 */
import Dexie, { type EntityTable } from 'dexie';
import type { RecordType } from '../common/gestao/roles';
import { gestaoEndpoints } from '../common/gestao/api/gestao-endpoints';
import { NEW_RECORD_ID, type TypedCopy } from '../common/gestao/typed-copy';
import { inTurn } from '../common/async/in-turn';
import { api } from './api';

interface LocalCopy extends TypedCopy {
  /** `${userId}:${type}/${id}`: one person's copy never comes back to another on a shared computer. */
  key: string;
}

type TypedDb = Dexie & { copies: EntityTable<LocalCopy, 'key'> };

let shared: TypedDb | null | undefined;

function typedDb(): TypedDb | null {
  if (shared !== undefined) return shared;
  if (typeof indexedDB === 'undefined') return (shared = null);
  const db = new Dexie('festa-gestao') as TypedDb;
  db.version(1).stores({ copies: 'key' });
  return (shared = db);
}

export interface TypedPlace {
  userId: number;
  type: RecordType;
  /** undefined for a record not saved yet. */
  id: string | undefined;
}

const paramsOf = (place: TypedPlace) => ({ type: place.type, id: place.id ?? NEW_RECORD_ID });
const localKey = (place: TypedPlace) => `${place.userId}:${place.type}/${place.id ?? NEW_RECORD_ID}`;

/** Where the last copy went: both places, or only this browser (no connection, or refused). */
export type KeptIn = 'servidor' | 'navegador' | 'nenhum';

/**
 * Keeping and forgetting one place's copy run one after another: a keep still on its way when the
 * record is saved must not land after the forget and bring the saved typing back on the next open.
 */
const oneAtATime = inTurn();

export function keepTyped(place: TypedPlace, fields: TypedCopy['fields'], baseVersion: number): Promise<KeptIn> {
  return oneAtATime(localKey(place), () => keepBoth(place, fields, baseVersion));
}

async function keepBoth(place: TypedPlace, fields: TypedCopy['fields'], baseVersion: number): Promise<KeptIn> {
  const copy: TypedCopy = { fields, baseVersion, savedAt: new Date().toISOString() };
  let kept: KeptIn = 'nenhum';
  try {
    await typedDb()?.copies.put({ key: localKey(place), ...copy });
    kept = 'navegador';
  } catch {
    // A full or refused storage only loses this safety copy; the server's may still be kept.
  }
  try {
    await api(gestaoEndpoints.keepTypedCopy, { params: paramsOf(place), body: { fields, baseVersion } });
    return 'servidor';
  } catch {
    return kept;
  }
}

async function serverCopy(place: TypedPlace): Promise<TypedCopy | undefined> {
  try {
    return (await api(gestaoEndpoints.typedCopy, { params: paramsOf(place) })).copy ?? undefined;
  } catch {
    return undefined;
  }
}

async function localCopy(place: TypedPlace): Promise<TypedCopy | undefined> {
  try {
    return await typedDb()?.copies.get(localKey(place));
  } catch {
    return undefined;
  }
}

/** The newer of the two copies, if any. */
export async function typedBefore(place: TypedPlace): Promise<TypedCopy | undefined> {
  const [here, there] = await Promise.all([localCopy(place), serverCopy(place)]);
  if (!here || !there) return here ?? there;
  return here.savedAt >= there.savedAt ? here : there;
}

export function forgetTyped(place: TypedPlace): Promise<void> {
  return oneAtATime(localKey(place), async () => {
    await Promise.allSettled([
      typedDb()?.copies.delete(localKey(place)),
      api(gestaoEndpoints.forgetTypedCopy, { params: paramsOf(place) }),
    ]);
  });
}

/** At logout: this browser keeps nobody's typing (the server still has each person's own). */
export async function forgetBrowserCopies(): Promise<void> {
  try {
    await typedDb()?.copies.clear();
  } catch {
    // Nothing kept, nothing to forget.
  }
}
