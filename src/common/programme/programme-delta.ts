/**
 * What changed in the offline programme between two content versions, so that a visitor who holds
 * one version downloads only the difference (a moved session is a few hundred bytes, the whole
 * programme hundreds of kilobytes). The server diffs the answers it kept for the visitor's version
 * against today's; the browser patches the answers it stored. Each patch names the hash of the
 * answer it applies to: an answer the browser holds in another state (fetched live since) is never
 * patched blind, the browser falls back to the whole programme instead.
 */
import { create, type Delta } from 'jsondiffpatch';
import type { AgendaSession } from '../api/api-types';
import { apiPath, endpoints } from '../api/endpoint-refs';

/** Answers of the API by path, as the sync carries them. */
export type ProgrammeAnswers = Record<string, unknown>;

export interface ProgrammeDelta {
  /** For each changed answer: the hash of the answer it applies to, and the patch. */
  patched: Record<string, { base: string; delta: Delta }>;
  /** Answers the older version did not have, whole. */
  added: ProgrammeAnswers;
  /** Paths the newer version no longer has. */
  removed: string[];
}

/**
 * Items of the API's lists are matched by their id (a moved session stays one item that changed,
 * not one removed and one added); items without one by position.
 */
const differ = create({
  objectHash: (item, index) => {
    const id = (item as { id?: unknown }).id;
    return typeof id === 'number' || typeof id === 'string' ? `id:${id}` : `at:${index ?? ''}`;
  },
  arrays: { detectMove: true, includeValueOnMove: false },
});

/** The hash an answer is known by on both sides: SHA-256 of its JSON (Web Crypto, in Node and browsers alike). */
export async function answerHash(data: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(JSON.stringify(data));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function diffProgramme(before: ProgrammeAnswers, after: ProgrammeAnswers): Promise<ProgrammeDelta> {
  const delta: ProgrammeDelta = { patched: {}, added: {}, removed: [] };
  for (const [path, answer] of Object.entries(after)) {
    if (!(path in before)) {
      delta.added[path] = answer;
      continue;
    }
    const change = differ.diff(before[path], answer);
    if (change !== undefined) delta.patched[path] = { base: await answerHash(before[path]), delta: change };
  }
  delta.removed = Object.keys(before).filter((path) => !(path in after));
  return delta;
}

/**
 * The changed answers, whole, from the stored ones and the delta; null when one of them is missing
 * or is not the answer the patch was made for (the caller then asks for the whole programme).
 */
export async function applyProgrammeDelta(
  delta: ProgrammeDelta,
  stored: (path: string) => Promise<unknown>,
): Promise<ProgrammeAnswers | null> {
  const answers: ProgrammeAnswers = { ...delta.added };
  for (const [path, { base, delta: change }] of Object.entries(delta.patched)) {
    const held = await stored(path);
    if (held === undefined || (await answerHash(held)) !== base) return null;
    // Patched on a copy: the stored row stays as it was until the whole change is written.
    answers[path] = differ.patch(differ.clone(held), change);
  }
  return answers;
}

/**
 * One version per session, so the browser can tell a changed session in the visitor's agenda (same
 * id, another version) from a new one (a new id) and from a cancelled one (gone); none when the
 * answers hold no session list.
 */
export function sessionVersionsOf(answers: ProgrammeAnswers): Record<string, string> | undefined {
  const sessions = sessionIndexIn(answers);
  return sessions && Object.fromEntries(sessions.map((s) => [s.id, s.version]));
}

const SESSION_INDEX_PATH = apiPath(endpoints.sessionIndex, {});
/** The sessions' index a programme's answers hold, in whichever language they were made in (a sync carries one). */
export function sessionIndexIn(answers: Readonly<Record<string, unknown>>): AgendaSession[] | undefined {
  const found = Object.entries(answers).find(([path]) => path === SESSION_INDEX_PATH || path.startsWith(`${SESSION_INDEX_PATH}?`));
  return Array.isArray(found?.[1]) ? (found[1] as AgendaSession[]) : undefined;
}
