/**
 * The personal agenda as React reads it: live from IndexedDB, so every star, the header count and
 * the agenda page change together. Undefined on the server and until IndexedDB answers (the first
 * render in the browser matches the server's).
 */
import { useMemo } from 'react';
import { apiRequest, endpoints } from '../common/api/endpoint-refs';
import type { TravelTime } from '../common/api/api-types';
import { useLiveRead } from '../data/lazy-data';
import { useRequests } from '../data/use-api';
import { currentSession, type AgendaEntry } from './agenda-entry';

const byStart = (a: AgendaEntry, b: AgendaEntry) => {
  const x = currentSession(a).starts_at;
  const y = currentSession(b).starts_at;
  return x < y ? -1 : x > y ? 1 : Number(a.sessionId) - Number(b.sessionId);
};

/** Every session of the agenda, in time order. */
export function useAgendaEntries(): AgendaEntry[] | undefined {
  return useLiveRead('agenda', async (db) => (await db.agenda.toArray()).sort(byStart));
}

/**
 * The ids of the agenda's sessions. Every star on a page asks the same query, which Dexie answers
 * once from its cache, rather than one query per session shown.
 */
export function useAgendaIds(): Set<string> | undefined {
  const ids = useLiveRead('agenda-ids', (db) => db.agenda.toCollection().primaryKeys());
  return useMemo(() => (ids ? new Set(ids) : undefined), [ids]);
}

export function useAgendaCount(): number | undefined {
  return useLiveRead('agenda-count', (db) => db.agenda.count());
}

/** How many sessions of the agenda changed and wait for the visitor to see it. */
export function usePendingChanges(): number | undefined {
  return useLiveRead('agenda-changes', async (db) => (await db.agenda.toArray()).filter((e) => e.change).length);
}

const travelRequest = apiRequest(endpoints.travelTimes, {});
const NO_TRAVEL: TravelTime[] = [];

/** The journeys between cities, for the clashes and the reminders (none until they arrive). */
export function useTravelTimes(): TravelTime[] {
  return useRequests({ travel: travelRequest }).travel.data ?? NO_TRAVEL;
}
