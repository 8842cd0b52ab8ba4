/**
 * A release's changelog in pt-PT, worked out from the difference of the content before and after
 * it: what a programmer would say at the desk ("Sessão de *O Verão de Ada* mudou: 21:30 → 22:00,
 * Cinema São Jorge"), never a list of columns.
 */
import { fieldOf } from '../../src/common/gestao/collections';
import { FIELD_LABELS, type ListItem } from '../../src/common/gestao/record-schemas';
import type { RecordType } from '../../src/common/gestao/roles';
import { clockTime, wallDate } from '../../src/common/time/lisbon-time';
import { spokenDay } from '../../src/common/time/calendar-names';
import { isCancelled, isSessionStatus, STATUS_SENTENCES } from '../../src/common/programme/session-status';
import type { ContentSnapshot } from '../db/repositories/content/content-repository';
import { RECORD_STORAGE, type Row } from '../db/repositories/publishing/drafts-repository';
import { settingsRecord } from '../content/settings-record';

type Snapshot = Pick<
  ContentSnapshot,
  | 'movies'
  | 'sessions'
  | 'news'
  | 'venues'
  | 'cities'
  | 'sections'
  | 'sponsor_groups'
  | 'sponsors'
  | 'posters'
  | 'press_items'
  | 'custom_pages'
  | 'custom_page_cards'
  | 'menu_items'
  | 'travel_times'
  | 'site_settings'
  | 'history_editions'
  | 'history_movies'
  | 'programme_entries'
  | 'programme_attachments'
>;
type Keyed = { id: number };

/** A session's fields that its line says by their values (when, where, its status and why). */
const SESSION_FIELDS_SAID = ['starts_at', 'venue_id', 'status', 'status_note'];

/** "título, resumo": the fields a line names, by their labels in the form. */
const labelsOf = (type: RecordType, fields: readonly string[]) =>
  // A translation and its source share a label: "sinopse (IT)" is said once, edited or confirmed.
  [...new Set(fields.map((f) => FIELD_LABELS[type][f]))].join(', ');

type Named = Keyed & { name?: string; title?: string; img?: string; city_id?: number };

const byId = <T extends Keyed>(rows: readonly T[]) => new Map(rows.map((r) => [Number(r.id), r]));
const when = (startsAt: string) => `${spokenDay(wallDate(startsAt))}, ${clockTime(startsAt)}`;

/** The fields whose values differ between two rows of one table (derived columns left out). */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>, fields: readonly string[]): string[] {
  return fields.filter((field) => comparable(before[field]) !== comparable(after[field]));
}

/** Column values are text, numbers or null; a number typed as text ("104") is the same value. */
const comparable = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : Array.isArray(value) ? JSON.stringify(value) : '';

/**
 * A last-minute change as the desk says it: "Sessão cancelada: *O Verão de Ada*, sexta 27, 21:30,
 * Cinema São Jorge — cópia não chegou"; "Sessão reposta: …" when a cancelled one is back.
 */
function statusLine(before: string, after: string, note: string, session: string): string {
  if (isSessionStatus(after) && after !== '') return `${STATUS_SENTENCES[after]}: ${session}${note.trim() ? ` — ${note.trim()}` : ''}`;
  return isCancelled(before) ? `Sessão reposta: ${session}` : `Sessão de novo como previsto: ${session}`;
}

/**
 * A record's list as its form edits it (a page's cards): the rows of the list's table that are
 * its, in order, each with its items' fields as its collection names them (numbers as numbers).
 */
function listOf(snapshot: Snapshot, type: 'custom_pages' | 'history_editions' | 'programme_entries', parent: unknown): ListItem[] {
  const { table, field, parentColumn } = RECORD_STORAGE[type].children!;
  const items = Object.entries(fieldOf(type, field)!.list!.items);
  return (snapshot[table] as unknown as Row[])
    .filter((row) => String(row[parentColumn]) === String(parent))
    .sort((a, b) => Number(a.position) - Number(b.position))
    .map((row) =>
      Object.fromEntries(items.map(([name, f]) => [name, f.rule.type === 'number' ? Number(row[name]) : (row[name] as string)])),
    );
}

/**
 * The lines of what changed from `before` to `after`. The films, venues and cities are named from
 * both, and from `names` when given: one draft said on its own (a new film's session, the film
 * being another draft) still names its film.
 */
export function describeChanges(before: Snapshot, after: Snapshot, names?: Pick<Snapshot, 'movies' | 'venues' | 'cities'>): string[] {
  const lines: string[] = [];
  const titles = new Map([...(names?.movies ?? []), ...before.movies, ...after.movies].map((m) => [Number(m.id), m.title]));
  const venues = new Map([...(names?.venues ?? []), ...before.venues, ...after.venues].map((v) => [Number(v.id), v.name]));
  const title = (id: number) => `*${titles.get(Number(id)) ?? `obra ${id}`}*`;
  const venue = (id: number) => venues.get(Number(id)) ?? `sala ${id}`;
  const work = (m: { is_movie: number }) => (m.is_movie ? 'Filme' : 'Atividade');

  const moviesBefore = byId(before.movies);
  const moviesAfter = byId(after.movies);
  for (const [id, m] of moviesAfter) {
    const old = moviesBefore.get(id);
    if (!old) lines.push(`${m.is_movie ? 'Novo filme' : 'Nova atividade'}: ${title(id)}`);
    else {
      const changed = changedFields(old, m, Object.keys(FIELD_LABELS.movies));
      if (changed.length > 0) lines.push(`${work(m)} ${title(id)} alterado: ${labelsOf('movies', changed)}`);
    }
  }
  for (const [id, m] of moviesBefore) if (!moviesAfter.has(id)) lines.push(`${work(m)} removido: ${title(id)}`);

  const S = FIELD_LABELS.sessions;
  const sessionsBefore = byId(before.sessions);
  const sessionsAfter = byId(after.sessions);
  for (const [id, s] of sessionsAfter) {
    const old = sessionsBefore.get(id);
    if (!old) {
      lines.push(`Nova sessão de ${title(s.movie_id)}: ${when(s.starts_at)}, ${venue(s.venue_id)}`);
      continue;
    }
    const moved = old.starts_at !== s.starts_at;
    const otherVenue = Number(old.venue_id) !== Number(s.venue_id);
    const newStatus = (old.status ?? '') !== (s.status ?? '') || (old.status_note ?? '') !== (s.status_note ?? '');
    // Every other field (the guests, the code, the film) is named after the line: "(convidados)".
    const others = changedFields(old, s, Object.keys(S)).filter((f) => !SESSION_FIELDS_SAID.includes(f));
    if (!moved && !otherVenue && !newStatus && others.length === 0) continue;
    const also = others.length > 0 ? ` (${labelsOf('sessions', others)})` : '';
    const time = !moved
      ? when(s.starts_at)
      : wallDate(old.starts_at) === wallDate(s.starts_at)
        ? `${spokenDay(wallDate(s.starts_at))}, ${clockTime(old.starts_at)} → ${clockTime(s.starts_at)}`
        : `${when(old.starts_at)} → ${when(s.starts_at)}`;
    const place = otherVenue ? `${venue(old.venue_id)} → ${venue(s.venue_id)}` : venue(s.venue_id);
    if (newStatus)
      lines.push(statusLine(old.status ?? '', s.status ?? '', s.status_note ?? '', `${title(s.movie_id)}, ${time}, ${place}`) + also);
    else if (moved || otherVenue) lines.push(`Sessão de ${title(s.movie_id)} mudou: ${time}, ${place}${also}`);
    else lines.push(`Sessão de ${title(s.movie_id)} alterada: ${time}, ${place}${also}`);
  }
  for (const [id, s] of sessionsBefore) {
    if (!sessionsAfter.has(id)) lines.push(`Sessão cancelada: ${title(s.movie_id)}, ${when(s.starts_at)}, ${venue(s.venue_id)}`);
  }

  // The festival's places and sections, said by name ("Nova sala: Cinema Ideal (Lisboa)").
  const cityNames = new Map([...(names?.cities ?? []), ...before.cities, ...after.cities].map((c) => [Number(c.id), c.name]));
  // A page's cards are part of it: a changed card is a changed page.
  const withCards = (snapshot: Snapshot) => snapshot.custom_pages.map((p) => ({ ...p, cards: listOf(snapshot, 'custom_pages', p.id) }));
  const places = [
    { key: 'cities', rows: [before.cities, after.cities], added: 'Nova cidade', changed: 'Cidade alterada', removed: 'Cidade removida' },
    { key: 'venues', rows: [before.venues, after.venues], added: 'Nova sala', changed: 'Sala alterada', removed: 'Sala removida' },
    {
      key: 'sections',
      rows: [before.sections, after.sections],
      added: 'Nova secção',
      changed: 'Secção alterada',
      removed: 'Secção removida',
    },
    {
      key: 'custom_pages',
      rows: [withCards(before), withCards(after)],
      added: 'Nova página',
      changed: 'Página alterada',
      removed: 'Página removida',
    },
    {
      key: 'sponsor_groups',
      rows: [before.sponsor_groups, after.sponsor_groups],
      added: 'Novo grupo de patrocinadores',
      changed: 'Grupo de patrocinadores alterado',
      removed: 'Grupo de patrocinadores removido',
    },
    {
      key: 'sponsors',
      rows: [before.sponsors, after.sponsors],
      added: 'Novo patrocinador',
      changed: 'Patrocinador alterado',
      removed: 'Patrocinador removido',
    },
    {
      key: 'posters',
      rows: [before.posters, after.posters],
      added: 'Novo cartaz ou banner',
      changed: 'Cartaz ou banner alterado',
      removed: 'Cartaz ou banner removido',
    },
    {
      key: 'menu_items',
      rows: [before.menu_items, after.menu_items],
      added: 'Nova entrada de menu',
      changed: 'Menu alterado',
      removed: 'Entrada de menu removida',
    },
  ] as const;
  for (const place of places) {
    const [was, now] = place.rows.map((rows) => byId(rows as readonly Named[]));
    // A poster has no name: its picture names it.
    const named = (row: Named) => {
      const name = row.name ?? row.title ?? row.img ?? String(row.id);
      return row.city_id === undefined ? name : `${name} (${cityNames.get(Number(row.city_id)) ?? ''})`;
    };
    for (const [id, row] of now!) {
      const old = was!.get(id);
      if (!old) lines.push(`${place.added}: ${named(row)}`);
      else {
        const changed = changedFields(old, row, Object.keys(FIELD_LABELS[place.key]));
        if (changed.length > 0) lines.push(`${place.changed}: ${named(row)} (${labelsOf(place.key, changed)})`);
      }
    }
    for (const [id, row] of was!) if (!now!.has(id)) lines.push(`${place.removed}: ${named(row)}`);
  }

  const newsBefore = byId(before.news);
  const newsAfter = byId(after.news);
  for (const [id, n] of newsAfter) {
    const old = newsBefore.get(id);
    if (!old) lines.push(`Nova notícia: *${n.title}*`);
    else {
      const changed = changedFields(old, n, Object.keys(FIELD_LABELS.news));
      if (changed.length > 0) lines.push(`Notícia alterada: *${n.title}* (${labelsOf('news', changed)})`);
    }
  }
  for (const [id, n] of newsBefore) if (!newsAfter.has(id)) lines.push(`Notícia removida: *${n.title}*`);

  // "Tempo de viagem Lisboa → Porto: 180 → 170 min"
  const pairOf = (t: { from_city_id: number; to_city_id: number }) => `${Number(t.from_city_id)}-${Number(t.to_city_id)}`;
  const journey = (t: { from_city_id: number; to_city_id: number }) =>
    `${cityNames.get(Number(t.from_city_id)) ?? ''} → ${cityNames.get(Number(t.to_city_id)) ?? ''}`;
  const timesBefore = new Map(before.travel_times.map((t) => [pairOf(t), t]));
  const timesAfter = new Map(after.travel_times.map((t) => [pairOf(t), t]));
  for (const [pair, t] of timesAfter) {
    const old = timesBefore.get(pair);
    if (!old) lines.push(`Novo tempo de viagem ${journey(t)}: ${Number(t.minutes)} min`);
    else if (Number(old.minutes) !== Number(t.minutes))
      lines.push(`Tempo de viagem ${journey(t)}: ${Number(old.minutes)} → ${Number(t.minutes)} min`);
  }
  for (const [pair, t] of timesBefore) if (!timesAfter.has(pair)) lines.push(`Tempo de viagem removido: ${journey(t)}`);

  // The festival's history, edition by edition ("Histórico alterado: 2025 (prémios, filmes)").
  const editionsOf = (snapshot: Snapshot) =>
    new Map(snapshot.history_editions.map((e) => [e.edition, { ...e, movies: listOf(snapshot, 'history_editions', e.edition) }]));
  const editionsBefore = editionsOf(before);
  const editionsAfter = editionsOf(after);
  for (const [edition, e] of editionsAfter) {
    const old = editionsBefore.get(edition);
    if (!old) lines.push(`Nova edição no histórico: ${edition}`);
    else {
      const changed = changedFields(old, e, Object.keys(FIELD_LABELS.history_editions));
      if (changed.length > 0)
        lines.push(`Histórico alterado: ${edition} (${changed.map((f) => FIELD_LABELS.history_editions[f]).join(', ')})`);
    }
  }
  for (const edition of editionsBefore.keys()) if (!editionsAfter.has(edition)) lines.push(`Edição removida do histórico: ${edition}`);

  // "Definições alteradas: cor da agenda, vídeo (Vimeo)"
  const settingsBefore = settingsRecord(before.site_settings);
  const settingsAfter = settingsRecord(after.site_settings);
  if (settingsBefore && settingsAfter) {
    const changed = changedFields(settingsBefore, settingsAfter, Object.keys(FIELD_LABELS.settings));
    if (changed.length > 0) lines.push(`Definições alteradas: ${changed.map((f) => FIELD_LABELS.settings[f]).join(', ')}`);
  }

  const pressBefore = byId(before.press_items);
  const pressAfter = byId(after.press_items);
  for (const [id, p] of pressAfter) {
    const old = pressBefore.get(id);
    if (!old) lines.push(`Novo material de imprensa: *${p.title}*`);
    else {
      const changed = changedFields(old, p, Object.keys(FIELD_LABELS.press_items));
      if (changed.length > 0) lines.push(`Material de imprensa alterado: *${p.title}* (${labelsOf('press_items', changed)})`);
    }
  }
  for (const [id, p] of pressBefore) if (!pressAfter.has(id)) lines.push(`Material de imprensa removido: *${p.title}*`);

  // The programme page's entries have no name: "Programa alterado: texto, anexos".
  const entriesOf = (snapshot: Snapshot) =>
    byId(snapshot.programme_entries.map((e) => ({ ...e, attachments: listOf(snapshot, 'programme_entries', e.id) })));
  const entriesBefore = entriesOf(before);
  const entriesAfter = entriesOf(after);
  const P = FIELD_LABELS.programme_entries;
  for (const [id, e] of entriesAfter) {
    const old = entriesBefore.get(id);
    if (!old) lines.push('Programa: nova entrada');
    else {
      const changed = changedFields(old, e, Object.keys(P));
      if (changed.length > 0) lines.push(`Programa alterado: ${changed.map((f) => P[f]).join(', ')}`);
    }
  }
  for (const id of entriesBefore.keys()) if (!entriesAfter.has(id)) lines.push('Programa: entrada removida');
  return lines;
}
