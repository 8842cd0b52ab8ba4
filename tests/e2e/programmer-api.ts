/**
 * The programming team's side of the stories that publish a change on a server of their own: a
 * programmer logged in to the back office's API, and a session moved to a new time as the phone's
 * "Alterações de última hora" screen sends it (published at once).
 */
import { expect, request, type APIRequestContext } from '@playwright/test';
import type { LastMinuteDay, LastMinuteSession } from '../../src/common/gestao/last-minute';
import { clockTime, wallDate } from '../../src/common/time/lisbon-time';
import { addStaff, PASSWORD } from './gestao-browser';

const PROGRAMMER = 'programacao@festa.test';

export interface ProgrammerApi {
  api: APIRequestContext;
  /** The CSRF token every write carries. */
  csrf: string;
}

/** Adds a programmer to the server's database and logs them in to the back office's API. */
export async function programmerApi(server: { url: string; database: string }): Promise<ProgrammerApi> {
  await addStaff(server.database, PROGRAMMER, 'programacao');
  const api = await request.newContext({ baseURL: server.url });
  const token = async () => ((await (await api.get('/gestao/api/session')).json()) as { csrfToken: string }).csrfToken;
  const login = await api.post('/gestao/api/session', {
    headers: { 'x-csrf-token': await token() },
    data: { email: PROGRAMMER, password: PASSWORD },
  });
  expect(login.ok()).toBe(true);
  return { api, csrf: await token() };
}

/**
 * A session of the festival's last day, so it is still to come whatever the hour, and an afternoon
 * one, so 75 minutes later is the same day; with that later time (HH:MM).
 */
export async function sessionToMove({ api }: ProgrammerApi): Promise<{ session: LastMinuteSession; newTime: string }> {
  const { days } = (await (await api.get('/gestao/api/last-minute')).json()) as LastMinuteDay;
  const day = (await (await api.get(`/gestao/api/last-minute?dia=${days.at(-1)!}`)).json()) as LastMinuteDay;
  const session = day.sessions.find((s) => s.status === '' && clockTime(s.starts_at) >= '12:00' && clockTime(s.starts_at) <= '21:00');
  expect(session).toBeDefined();
  const [hours, minutes] = clockTime(session!.starts_at).split(':').map(Number) as [number, number];
  const later = hours * 60 + minutes + 75;
  return {
    session: session!,
    newTime: `${String(Math.floor(later / 60)).padStart(2, '0')}:${String(later % 60).padStart(2, '0')}`,
  };
}

/** Publishes `session` at `newTime` of its own day, accepting the clashes the new time makes, as the phone does. */
export async function publishNewTime({ api, csrf }: ProgrammerApi, session: LastMinuteSession, newTime: string): Promise<void> {
  const path = `/gestao/api/screenings/${session.id}/status`;
  const body = {
    status: session.status,
    note: session.status_note,
    venue_id: null,
    starts_at: `${wallDate(session.starts_at)}T${newTime}`,
    baseVersion: session.version,
  };
  let answer = await api.post(path, { headers: { 'x-csrf-token': csrf }, data: body });
  if (answer.status() === 409) {
    answer = await api.post(path, { headers: { 'x-csrf-token': csrf }, data: { ...body, clash_reason: 'A cópia chega mais tarde.' } });
  }
  expect(answer.status(), await answer.text()).toBe(200);
}
