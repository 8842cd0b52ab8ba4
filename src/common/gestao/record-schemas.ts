/**
 * The back office's records, one Yup schema per content type: Formik validates the form with it and
 * the server validates every write with it, so the editor and the API give the same pt-PT message
 * beside the same field. The labels name the fields in the forms, the conflict view and the
 * changelog.
 */
// First, so that the schemas below are built with Yup's messages in pt-PT.
import '../forms/yup-locale';
import { array, mixed, number, object, string, type AnyObjectSchema } from 'yup';
import { PRESS_TYPES, SCOPES } from '../constants';
import type { RecordType } from './roles';
import { SESSION_STATUSES, type SessionStatus } from '../programme/session-status';
import { CLOCK_TIME, VENUE_DEFAULTS } from '../programme/venue-hours';
import { trimmedString } from '../forms/trimmed-string';

const required = (label: string) => `Campo ${label} é obrigatório.`;
const tooLong = (label: string, max: number) => `Campo ${label} não pode ter mais de ${max} caracteres.`;
const notText = (label: string) => `Campo ${label} tem de ser texto.`;
/** Text of a field: anything else in a JSON body is refused as such, never cast or thrown on. */
const textOf = (label: string) => string().typeError(notText(label)).nonNullable(notText(label));
const trimmedOf = (label: string) => trimmedString(notText(label));
const text = (label: string, max: number) => textOf(label).default('').max(max, tooLong(label, max));
const requiredText = (label: string, max: number) => trimmedOf(label).required(required(label)).max(max, tooLong(label, max));
const flag = (label: string) =>
  number().default(0).oneOf([0, 1], `Campo ${label} é sim ou não.`).typeError(`Campo ${label} é sim ou não.`).required(required(label));
/** The largest whole number a column holds (PostgreSQL's integer): beyond it a value is refused here, not by the database. */
export const DB_INTEGER_MAX = 2_147_483_647;
const id = (label: string) =>
  number()
    .typeError(`Escolha ${label}.`)
    .integer(`Escolha ${label}.`)
    .positive(`Escolha ${label}.`)
    .max(DB_INTEGER_MAX, `Escolha ${label}.`)
    .required(`Escolha ${label}.`);
/** Lisbon wall-clock time as the database keeps it: 2026-04-04T21:30. */
export const WALL_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/;
const wallTime = (label: string) => textOf(label).required(required(label)).matches(WALL_TIME, `Campo ${label}: data e hora inválidas.`);
const clockTime = (label: string, fallback: string) =>
  textOf(label).default(fallback).matches(CLOCK_TIME, `Campo ${label}: hora inválida (HH:MM).`);
const link = (label: string) =>
  textOf(label)
    .default('')
    .test(
      'link',
      `Campo ${label} tem de ser um endereço https:// ou começar por /.`,
      // A path of this site starts with one slash: "//host/x" (and "/\host/x", read alike by browsers) is another site.
      (v) => !v || /^(https?:\/\/[^\s]+|\/(?![/\\])[^\s]*)$/.test(v),
    );

const MOVIE_LABELS = {
  is_movie: 'filme (e não atividade)',
  title: 'título',
  original_title: 'título original',
  director: 'realização',
  year: 'ano',
  country: 'país',
  duration_min: 'duração (min)',
  language: 'língua',
  subtitles: 'legendas',
  section_id: 'secção',
  scope: 'âmbito',
  highlight: 'destaque',
  keywords: 'palavras-chave',
  logline: 'sinopse curta',
  description_html: 'sinopse',
  technical_info_html: 'ficha técnica',
  video_id: 'vídeo',
  buy_label: 'texto do botão de compra',
  buy_link: 'ligação de compra',
  from_festival: 'do festival',
  thumb: 'imagem pequena',
  poster: 'cartaz',
};
const SESSION_LABELS = {
  movie_id: 'filme',
  venue_id: 'sala',
  starts_at: 'data e hora',
  status: 'estado',
  status_note: 'motivo (lido pelo público)',
  guest: 'convidados',
  code: 'código',
};
const NEWS_LABELS = {
  scope: 'âmbito',
  title: 'título',
  summary: 'resumo',
  description_html: 'texto',
  thumb: 'imagem pequena',
  poster: 'imagem',
  video_id: 'vídeo',
  published_at: 'data de publicação',
};

const CITY_LABELS = { name: 'nome', position: 'ordem' };
const VENUE_LABELS = {
  city_id: 'cidade',
  name: 'nome',
  address: 'morada',
  turnover_min: 'intervalo entre sessões (min)',
  opens_at: 'abre às',
  closes_at: 'fecha às',
};
const SECTION_LABELS = { name: 'nome', scope: 'âmbito', asset_type: 'tipo', position: 'ordem' };

const SPONSOR_GROUP_LABELS = { name: 'nome', scope: 'âmbito', position: 'ordem', minimized: 'logótipos pequenos' };
const SPONSOR_LABELS = {
  group_id: 'grupo',
  position: 'ordem',
  name: 'nome',
  link: 'ligação',
  thumb: 'logótipo',
  description_html: 'descrição',
};
const POSTER_LABELS = { scope: 'âmbito', kind: 'formato', position: 'ordem', img: 'imagem', link: 'ligação', caption_html: 'legenda' };

const PAGE_LABELS = {
  slug: 'endereço (slug)',
  template_id: 'modelo',
  title: 'título',
  poster: 'imagem',
  main_html: 'texto',
  sidebar_html: 'texto lateral',
  num_text_cols: 'colunas do texto',
  subsection_title: 'título da subsecção',
  subsection_html: 'texto da subsecção',
  cards: 'cartões',
};
/** A page's card (template 4's mosaic): its film (0: none), picture, title and text. */
export const CARD_LABELS = { movie_id: 'filme', thumb: 'imagem', title: 'título', description: 'texto' };
const MENU_LABELS = {
  scope: 'âmbito',
  location: 'lugar',
  parent_id: 'dentro de',
  position: 'ordem',
  title: 'título',
  menu_url: 'ligação',
  internal_page_id: 'página',
};
const TRAVEL_LABELS = { from_city_id: 'de', to_city_id: 'para', minutes: 'minutos' };
const SETTINGS_LABELS = {
  festival_name: 'nome do festival',
  description: 'descrição do site',
  agenda_color: 'cor da agenda',
  festival_start: 'primeiro dia do festival',
  festival_days: 'dias do festival',
  visibility_festa_festprog: 'início da Festa: programação',
  visibility_festa_movies: 'início da Festa: filmes',
  visibility_festa_news: 'início da Festa: notícias',
  visibility_distrib_festprog: 'início da Distribuição: programação',
  visibility_distrib_movies: 'início da Distribuição: filmes',
  visibility_distrib_news: 'início da Distribuição: notícias',
  social_video: 'vídeo (Vimeo)',
  social_photo: 'fotografia (Instagram)',
  social_social: 'rede social (Facebook)',
  social_microblog: 'microblogue (X)',
  contact_email: 'e-mail de contacto',
  press_contact_name: 'contacto de imprensa',
  press_contact_email: 'e-mail de imprensa',
  presentation_html: 'apresentação',
  team_html: 'equipa',
};

const HISTORY_LABELS = {
  edition: 'edição (ano)',
  title: 'título',
  poster: 'cartaz',
  venues_html: 'salas',
  guests_html: 'convidados',
  awards_html: 'prémios',
  numbers_html: 'números',
  sponsors_html: 'patrocinadores',
  movies: 'filmes',
};
/** A past edition's film, as the history lists it: a picture and a text. */
export const HISTORY_MOVIE_LABELS = { thumb: 'imagem', list_html: 'texto' };

const PRESS_LABELS = {
  type: 'tipo',
  title: 'título',
  description_html: 'descrição',
  file_name: 'ficheiro PDF',
  published_at: 'data de publicação',
};

const PROGRAMME_LABELS = { position: 'ordem', description_html: 'texto', attachments: 'anexos' };
/** A programme entry's attachment: a PDF (the full programme, the timetable) with its title and text. */
export const ATTACHMENT_LABELS = { title: 'título', description_html: 'descrição', file_name: 'ficheiro PDF' };

const L = {
  movies: MOVIE_LABELS,
  sessions: SESSION_LABELS,
  news: NEWS_LABELS,
  cities: CITY_LABELS,
  venues: VENUE_LABELS,
  sections: SECTION_LABELS,
  sponsor_groups: SPONSOR_GROUP_LABELS,
  sponsors: SPONSOR_LABELS,
  posters: POSTER_LABELS,
  custom_pages: PAGE_LABELS,
  menu_items: MENU_LABELS,
  travel_times: TRAVEL_LABELS,
  settings: SETTINGS_LABELS,
  history_editions: HISTORY_LABELS,
  press_items: PRESS_LABELS,
  programme_entries: PROGRAMME_LABELS,
};
export const FIELD_LABELS: Record<RecordType, Record<string, string>> = L;

/** The fields that hold HTML: the server sanitizes them, the forms give them a large text box. */
export const HTML_FIELDS: ReadonlySet<string> = new Set([
  'description_html',
  'technical_info_html',
  'caption_html',
  'main_html',
  'sidebar_html',
  'subsection_html',
  'presentation_html',
  'team_html',
  'venues_html',
  'guests_html',
  'awards_html',
  'numbers_html',
  'sponsors_html',
]);

export const movieSchema = object({
  is_movie: flag(L.movies.is_movie),
  title: requiredText(L.movies.title, 200),
  original_title: text(L.movies.original_title, 200),
  director: text(L.movies.director, 200),
  year: number()
    .nullable()
    .default(null)
    .transform((v: number | null, raw: unknown) => (raw === '' ? null : v))
    .typeError(`Campo ${L.movies.year} tem de ser um ano.`)
    .integer(`Campo ${L.movies.year} tem de ser um ano.`)
    .min(1888, `Campo ${L.movies.year} tem de ser um ano depois de 1888.`)
    .max(2100, `Campo ${L.movies.year} tem de ser um ano até 2100.`)
    .when('is_movie', { is: 1, then: (s) => s.required(required(L.movies.year)) }),
  country: text(L.movies.country, 120),
  duration_min: number()
    .nullable()
    .default(null)
    .transform((v: number | null, raw: unknown) => (raw === '' ? null : v))
    .typeError(`Campo ${L.movies.duration_min} tem de ser um número de minutos.`)
    .integer(`Campo ${L.movies.duration_min} tem de ser um número de minutos.`)
    .min(1, `Campo ${L.movies.duration_min} tem de ser entre 1 e 600 minutos.`)
    .max(600, `Campo ${L.movies.duration_min} tem de ser entre 1 e 600 minutos.`)
    .when('is_movie', { is: 1, then: (s) => s.required(required(L.movies.duration_min)) }),
  language: text(L.movies.language, 80),
  subtitles: text(L.movies.subtitles, 80),
  section_id: id('a secção'),
  scope: mixed<(typeof SCOPES)[number]>()
    .oneOf([...SCOPES], 'Escolha o âmbito.')
    .required('Escolha o âmbito.'),
  highlight: flag(L.movies.highlight),
  keywords: text(L.movies.keywords, 500),
  logline: text(L.movies.logline, 500),
  description_html: text(L.movies.description_html, 20_000),
  technical_info_html: text(L.movies.technical_info_html, 20_000),
  video_id: text(L.movies.video_id, 200),
  buy_label: text(L.movies.buy_label, 80),
  buy_link: link(L.movies.buy_link),
  from_festival: flag(L.movies.from_festival),
  thumb: text(L.movies.thumb, 300),
  poster: text(L.movies.poster, 300),
});

export const sessionSchema = object({
  movie_id: id('o filme'),
  venue_id: id('a sala'),
  starts_at: wallTime(L.sessions.starts_at),
  status: mixed<SessionStatus>()
    .default('')
    .oneOf([...SESSION_STATUSES], `Campo ${L.sessions.status}: escolha um estado da lista.`),
  status_note: text(L.sessions.status_note, 200),
  guest: text(L.sessions.guest, 300),
  code: trimmedOf(L.sessions.code)
    .default('')
    .max(40, tooLong(L.sessions.code, 40))
    .matches(/^[\w.\-/]*$/, `Campo ${L.sessions.code}: só letras, algarismos, ponto, hífen e barra.`),
});

export const newsSchema = object({
  scope: mixed<(typeof SCOPES)[number]>()
    .oneOf([...SCOPES], 'Escolha o âmbito.')
    .required('Escolha o âmbito.'),
  title: requiredText(L.news.title, 200),
  summary: text(L.news.summary, 1000),
  description_html: text(L.news.description_html, 20_000),
  thumb: text(L.news.thumb, 300),
  poster: text(L.news.poster, 300),
  video_id: text(L.news.video_id, 200),
  published_at: wallTime(L.news.published_at),
});

const position = (label: string) =>
  number()
    .typeError(`Campo ${label} tem de ser um número.`)
    .integer(`Campo ${label} tem de ser um número inteiro.`)
    .min(0, `Campo ${label} não pode ser negativo.`)
    .max(DB_INTEGER_MAX, `Campo ${label} é grande demais.`)
    .required(required(label));

export const citySchema = object({
  name: requiredText(L.cities.name, 80),
  position: position(L.cities.position),
});

export const venueSchema = object({
  city_id: id('a cidade'),
  name: requiredText(L.venues.name, 120),
  address: text(L.venues.address, 300),
  turnover_min: number()
    .default(VENUE_DEFAULTS.turnover_min)
    .typeError(`Campo ${L.venues.turnover_min} tem de ser um número.`)
    .integer(`Campo ${L.venues.turnover_min} tem de ser um número inteiro.`)
    .min(0, `Campo ${L.venues.turnover_min} não pode ser negativo.`)
    .max(240, `Campo ${L.venues.turnover_min} não pode passar de 240.`),
  opens_at: clockTime(L.venues.opens_at, VENUE_DEFAULTS.opens_at),
  closes_at: clockTime(L.venues.closes_at, VENUE_DEFAULTS.closes_at),
});

/** What a section groups: films, or parallel events (activities). */
export const SECTION_ASSET_TYPES = ['movies', 'activities'] as const;

export const sectionSchema = object({
  name: requiredText(L.sections.name, 120),
  scope: mixed<(typeof SCOPES)[number]>()
    .oneOf([...SCOPES], 'Escolha o âmbito.')
    .required('Escolha o âmbito.'),
  asset_type: mixed<(typeof SECTION_ASSET_TYPES)[number]>()
    .oneOf([...SECTION_ASSET_TYPES], 'Escolha o tipo.')
    .required('Escolha o tipo.'),
  position: position(L.sections.position),
});

export const sponsorGroupSchema = object({
  name: requiredText(L.sponsor_groups.name, 120),
  scope: mixed<(typeof SCOPES)[number]>()
    .oneOf([...SCOPES], 'Escolha o âmbito.')
    .required('Escolha o âmbito.'),
  position: position(L.sponsor_groups.position),
  minimized: flag(L.sponsor_groups.minimized),
});

export const sponsorSchema = object({
  group_id: id('o grupo'),
  position: position(L.sponsors.position),
  name: requiredText(L.sponsors.name, 120),
  link: link(L.sponsors.link),
  thumb: text(L.sponsors.thumb, 300),
  description_html: text(L.sponsors.description_html, 20_000),
});

/** A poster is the home's large picture; a banner the strip between its blocks. */
export const POSTER_KINDS = ['poster', 'banner'] as const;

export const posterSchema = object({
  scope: mixed<(typeof SCOPES)[number]>()
    .oneOf([...SCOPES], 'Escolha o âmbito.')
    .required('Escolha o âmbito.'),
  kind: mixed<(typeof POSTER_KINDS)[number]>()
    .oneOf([...POSTER_KINDS], 'Escolha o formato.')
    .required('Escolha o formato.'),
  position: position(L.posters.position),
  img: requiredText(L.posters.img, 300),
  link: link(L.posters.link),
  caption_html: text(L.posters.caption_html, 2000),
});

/** The four custom page templates (/t1/… to /t4/…): see src/screens/custom-page/custom-page-view.tsx. */
export const PAGE_TEMPLATES = [1, 2, 3, 4] as const;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const cardSchema = object({
  movie_id: number().typeError('Escolha o filme (ou nenhum).').integer().min(0).max(DB_INTEGER_MAX, 'Este filme não existe.').default(0),
  thumb: text(CARD_LABELS.thumb, 300),
  title: requiredText(CARD_LABELS.title, 200),
  description: text(CARD_LABELS.description, 1000),
});

export const customPageSchema = object({
  slug: trimmedOf(L.custom_pages.slug)
    .required(required(L.custom_pages.slug))
    .max(120, tooLong(L.custom_pages.slug, 120))
    .matches(SLUG, `Campo ${L.custom_pages.slug}: só letras minúsculas sem acentos, algarismos e hífenes (ex.: sobre-o-festival).`),
  template_id: number()
    .typeError('Escolha o modelo.')
    .oneOf([...PAGE_TEMPLATES], 'Escolha o modelo.')
    .required('Escolha o modelo.'),
  title: requiredText(L.custom_pages.title, 200),
  poster: text(L.custom_pages.poster, 300),
  main_html: text(L.custom_pages.main_html, 50_000),
  sidebar_html: text(L.custom_pages.sidebar_html, 20_000),
  num_text_cols: number()
    .typeError(`Campo ${L.custom_pages.num_text_cols}: uma ou duas.`)
    .oneOf([1, 2], `Campo ${L.custom_pages.num_text_cols}: uma ou duas.`)
    .required(required(L.custom_pages.num_text_cols)),
  subsection_title: text(L.custom_pages.subsection_title, 200),
  subsection_html: text(L.custom_pages.subsection_html, 20_000),
  cards: array()
    .of(cardSchema.typeError(`Campo ${L.custom_pages.cards}: cada cartão tem título, imagem e texto.`))
    .typeError(`Campo ${L.custom_pages.cards} tem de ser uma lista.`)
    .default([])
    .max(60, 'Uma página tem no máximo 60 cartões.'),
});

export const MENU_LOCATIONS = ['top', 'bottom'] as const;
/** A menu's link: an address outside (https://…) or a path of this site without the first slash (programacao, t1/sobre). */
const MENU_LINK = /^(https?:\/\/\S+|[a-z0-9][\w\-./#?=&]*)$/i;

export const menuItemSchema = object({
  scope: mixed<(typeof SCOPES)[number]>()
    .oneOf([...SCOPES], 'Escolha o âmbito.')
    .required('Escolha o âmbito.'),
  location: mixed<(typeof MENU_LOCATIONS)[number]>()
    .oneOf([...MENU_LOCATIONS], 'Escolha o lugar.')
    .required('Escolha o lugar.'),
  parent_id: number()
    .nullable()
    .default(null)
    .transform((v: number | null, raw: unknown) => (raw === '' ? null : v))
    .typeError('Escolha a entrada onde fica (ou nenhuma).')
    .max(DB_INTEGER_MAX, 'Esta entrada não existe.'),
  position: position(L.menu_items.position),
  title: requiredText(L.menu_items.title, 120),
  internal_page_id: number()
    .default(0)
    .transform((v: number, raw: unknown) => (raw === '' ? 0 : v))
    .typeError('Escolha a página (ou nenhuma).')
    .integer()
    .min(0)
    .max(DB_INTEGER_MAX, 'Esta página não existe.'),
  menu_url: trimmedOf(L.menu_items.menu_url)
    .default('')
    .max(500, tooLong(L.menu_items.menu_url, 500))
    .when('internal_page_id', {
      is: (page: number) => !page,
      then: (s) =>
        s
          .required('Escreva a ligação ou escolha uma página.')
          .matches(MENU_LINK, `Campo ${L.menu_items.menu_url} tem de ser um endereço https:// ou um caminho do site (ex.: programacao).`),
    }),
});

const cityId = (label: string) => id(label);
export const travelTimeSchema = object({
  from_city_id: cityId('a cidade de partida'),
  to_city_id: cityId('a cidade de chegada').test(
    'other-city',
    'As duas cidades têm de ser diferentes.',
    (to, context) => Number(to) !== Number((context.parent as { from_city_id?: unknown }).from_city_id),
  ),
  minutes: number()
    .typeError(`Campo ${L.travel_times.minutes} tem de ser um número de minutos.`)
    .integer(`Campo ${L.travel_times.minutes} tem de ser um número de minutos.`)
    .min(1, `Campo ${L.travel_times.minutes} tem de ser entre 1 e 1440 minutos.`)
    .max(24 * 60, `Campo ${L.travel_times.minutes} tem de ser entre 1 e 1440 minutos.`)
    .required(required(L.travel_times.minutes)),
});

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const isRealDate = (v: string) => DATE.test(v) && new Date(`${v}T12:00:00Z`).toISOString().slice(0, 10) === v;
const webLink = (label: string) =>
  trimmedOf(label)
    .default('')
    .max(300, tooLong(label, 300))
    .test('web', `Campo ${label} tem de ser um endereço http:// ou https://.`, (v) => !v || /^https?:\/\/[^\s]+$/.test(v));
const email = (label: string) =>
  trimmedOf(label).default('').max(200, tooLong(label, 200)).email(`Campo ${label} tem de ser um endereço de e-mail.`);
const S = L.settings;

export const settingsSchema = object({
  festival_name: requiredText(S.festival_name, 120),
  description: text(S.description, 500),
  agenda_color: trimmedOf(S.agenda_color)
    .required(required(S.agenda_color))
    .matches(/^#[0-9a-fA-F]{6}$/, `Campo ${S.agenda_color} tem de ser uma cor #rrggbb (ex.: #ed162c).`),
  festival_start: textOf(S.festival_start)
    .required(required(S.festival_start))
    .test('date', `Campo ${S.festival_start}: data inválida (aaaa-mm-dd).`, (v) => isRealDate(v)),
  festival_days: number()
    .typeError(`Campo ${S.festival_days} tem de ser um número de dias.`)
    .integer(`Campo ${S.festival_days} tem de ser um número de dias.`)
    .min(1, `Campo ${S.festival_days} tem de ser entre 1 e 31 dias.`)
    .max(31, `Campo ${S.festival_days} tem de ser entre 1 e 31 dias.`)
    .required(required(S.festival_days)),
  visibility_festa_festprog: flag(S.visibility_festa_festprog),
  visibility_festa_movies: flag(S.visibility_festa_movies),
  visibility_festa_news: flag(S.visibility_festa_news),
  visibility_distrib_festprog: flag(S.visibility_distrib_festprog),
  visibility_distrib_movies: flag(S.visibility_distrib_movies),
  visibility_distrib_news: flag(S.visibility_distrib_news),
  social_video: webLink(S.social_video),
  social_photo: webLink(S.social_photo),
  social_social: webLink(S.social_social),
  social_microblog: webLink(S.social_microblog),
  contact_email: email(S.contact_email).required(required(S.contact_email)),
  press_contact_name: text(S.press_contact_name, 120),
  press_contact_email: email(S.press_contact_email),
  presentation_html: text(S.presentation_html, 50_000),
  team_html: text(S.team_html, 50_000),
});

const H = L.history_editions;
export const historyEditionSchema = object({
  edition: trimmedOf(H.edition)
    .required(required(H.edition))
    .matches(/^\d{4}$/, `Campo ${H.edition} tem de ser um ano (ex.: 2025).`),
  title: requiredText(H.title, 200),
  poster: text(H.poster, 300),
  venues_html: text(H.venues_html, 20_000),
  guests_html: text(H.guests_html, 20_000),
  awards_html: text(H.awards_html, 20_000),
  numbers_html: text(H.numbers_html, 20_000),
  sponsors_html: text(H.sponsors_html, 20_000),
  movies: array()
    .of(
      object({
        thumb: text(HISTORY_MOVIE_LABELS.thumb, 300),
        list_html: requiredText(HISTORY_MOVIE_LABELS.list_html, 5000),
      }).typeError(`Campo ${H.movies}: cada filme tem imagem e texto.`),
    )
    .typeError(`Campo ${H.movies} tem de ser uma lista.`)
    .default([])
    .max(200, 'Uma edição tem no máximo 200 filmes no histórico.'),
});

/** What a press item is: a press release, the press kit, or support material (rules, logos). */
export const PRESS_TYPE_LABELS: Record<(typeof PRESS_TYPES)[number], string> = {
  pressrelease: 'Comunicado de imprensa',
  presskit: 'Dossiê de imprensa',
  support: 'Material de apoio',
};

export const pressItemSchema = object({
  type: mixed<(typeof PRESS_TYPES)[number]>()
    .oneOf([...PRESS_TYPES], 'Escolha o tipo.')
    .required('Escolha o tipo.'),
  title: requiredText(L.press_items.title, 200),
  description_html: text(L.press_items.description_html, 20_000),
  // The name the upload gave (POST /gestao/api/media/pdfs): the PDF is already stored under it.
  file_name: trimmedOf(L.press_items.file_name).required('Carregue o ficheiro PDF.').max(300, tooLong(L.press_items.file_name, 300)),
  published_at: wallTime(L.press_items.published_at),
});

/**
 * An attachment of a programme entry. Its id is kept while it stays in its entry (the public
 * download link /api/…/attachments/:id does not change when a text is corrected); 0 for a new one,
 * which the server numbers. Its type and size come from the stored file, never from the form.
 */
export const attachmentSchema = object({
  id: number().typeError('Anexo desconhecido.').integer().min(0).max(DB_INTEGER_MAX, 'Anexo desconhecido.').default(0),
  title: requiredText(ATTACHMENT_LABELS.title, 200),
  description_html: text(ATTACHMENT_LABELS.description_html, 5000),
  // The name the upload gave (POST /gestao/api/media/pdfs), or the imported PDF's.
  file_name: trimmedOf(ATTACHMENT_LABELS.file_name)
    .required('Carregue o ficheiro PDF.')
    .max(300, tooLong(ATTACHMENT_LABELS.file_name, 300)),
});

export const programmeEntrySchema = object({
  position: position(L.programme_entries.position),
  description_html: requiredText(L.programme_entries.description_html, 50_000),
  attachments: array()
    .of(attachmentSchema.typeError(`Campo ${L.programme_entries.attachments}: cada anexo tem título e ficheiro PDF.`))
    .typeError(`Campo ${L.programme_entries.attachments} tem de ser uma lista.`)
    .default([])
    .max(20, 'Uma entrada do programa tem no máximo 20 anexos.'),
});

export const RECORD_SCHEMAS: Record<RecordType, AnyObjectSchema> = {
  movies: movieSchema,
  sessions: sessionSchema,
  news: newsSchema,
  cities: citySchema,
  venues: venueSchema,
  sections: sectionSchema,
  sponsor_groups: sponsorGroupSchema,
  sponsors: sponsorSchema,
  posters: posterSchema,
  custom_pages: customPageSchema,
  menu_items: menuItemSchema,
  travel_times: travelTimeSchema,
  settings: settingsSchema,
  history_editions: historyEditionSchema,
  press_items: pressItemSchema,
  programme_entries: programmeEntrySchema,
};

/** The fields a record's form edits, in the form's order. */
export const recordFields = (type: RecordType): string[] => Object.keys(FIELD_LABELS[type]);

/** A card of a custom page, edited inside the page's form. */
export type CardFields = {
  movie_id: number;
  thumb: string;
  title: string;
  description: string;
};
/** An item of a list edited inside its record's form: a page's card, a past edition's film. */
export type ListItem = Record<string, string | number>;
export type FieldValue = string | number | null | ListItem[];
export type RecordFields = Record<string, FieldValue>;

/** Why a key field (a travel time's cities, a past edition's year) is never changed: the form says it beside the field, the server on a write. */
export const KEY_CHANGE_MESSAGE = 'Não se muda: apague este registo e crie outro.';

/** A scalar field as text (a list of cards has none): for names, addresses and filters. */
export const fieldText = (value: FieldValue | undefined): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** A record as the back office reads it: the live row or its draft, and the version a write must name. */
export interface RecordView {
  type: RecordType;
  id: string;
  fields: RecordFields;
  version: number;
  /** 'publicado' (as visitors see it), 'alterado' (a draft changes it), 'novo', 'apagado' (a draft removes it). */
  state: 'publicado' | 'alterado' | 'novo' | 'apagado';
}

/** The 409 answer: the stored record, for "a sua versão / a versão guardada" field by field. */
export interface ConflictAnswer {
  message: string;
  stored: RecordView;
  /** A rollback ("Repor a publicação N") moved the record on since it was read. */
  rolledBack?: true;
}

/** What the record forms choose from (GET /gestao/api/options): sections, venues with their city, works (drafts included). */
export interface RecordOptions {
  cities: { id: number; name: string }[];
  sponsorGroups: { id: number; name: string }[];
  sections: { id: number; name: string }[];
  venues: { id: number; name: string; city: string }[];
  movies: { id: number; title: string; isMovie: boolean }[];
  pages: { id: number; title: string }[];
  /** Menu entries that may hold others (top level), by scope and place. */
  menuParents: { id: number; title: string; scope: string; location: string }[];
}

/** A saved version of a record, as its history lists it: who, when, which fields, and the fields then. */
export interface RecordVersion {
  version: number;
  at: string;
  actorEmail: string;
  changedFields: string[];
  releaseNumber: number | null;
  /** null: the version removed the record. */
  fields: RecordFields | null;
}
