/**
 * The back office's records, one Yup schema per content type: Formik validates the form with it and
 * the server validates every write with it, so the editor and the API give the same pt-PT message
 * beside the same field. The labels name the fields in the forms, the conflict view and the
 * changelog.
 */
import { mixed, number, object, string, type AnyObjectSchema } from 'yup';
import { PRESS_TYPES, SCOPES } from '../constants';
import type { RecordType } from './roles';

const required = (label: string) => `Campo ${label} é obrigatório.`;
const tooLong = (label: string, max: number) => `Campo ${label} não pode ter mais de ${max} caracteres.`;
const text = (label: string, max: number) => string().default('').max(max, tooLong(label, max));
const requiredText = (label: string, max: number) => string().trim().required(required(label)).max(max, tooLong(label, max));
const flag = (label: string) =>
  number().default(0).oneOf([0, 1], `Campo ${label} é sim ou não.`).typeError(`Campo ${label} é sim ou não.`).required(required(label));
const id = (label: string) => number().typeError(`Escolha ${label}.`).integer().positive(`Escolha ${label}.`).required(`Escolha ${label}.`);
/** Lisbon wall-clock time as the database keeps it: 2026-04-04T21:30. */
const WALL_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/;
const wallTime = (label: string) => string().required(required(label)).matches(WALL_TIME, `Campo ${label}: data e hora inválidas.`);
const link = (label: string) =>
  string()
    .default('')
    .test(
      'link',
      `Campo ${label} tem de ser um endereço https:// ou começar por /.`,
      (v) => !v || /^(https?:\/\/[^\s]+|\/[^\s]*)$/.test(v),
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
const SESSION_LABELS = { movie_id: 'filme', venue_id: 'sala', starts_at: 'data e hora' };
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
const VENUE_LABELS = { city_id: 'cidade', name: 'nome', address: 'morada' };
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

const PRESS_LABELS = {
  type: 'tipo',
  title: 'título',
  description_html: 'descrição',
  file_name: 'ficheiro PDF',
  published_at: 'data de publicação',
};

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
  press_items: PRESS_LABELS,
};
export const FIELD_LABELS: Record<RecordType, Record<string, string>> = L;

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
    .required(required(label));

export const citySchema = object({
  name: requiredText(L.cities.name, 80),
  position: position(L.cities.position),
});

export const venueSchema = object({
  city_id: id('a cidade'),
  name: requiredText(L.venues.name, 120),
  address: text(L.venues.address, 300),
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
  file_name: string().trim().required('Carregue o ficheiro PDF.').max(300, tooLong(L.press_items.file_name, 300)),
  published_at: wallTime(L.press_items.published_at),
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
  press_items: pressItemSchema,
};

/** The fields a record's form edits, in the form's order. */
export const recordFields = (type: RecordType): string[] => Object.keys(FIELD_LABELS[type]);

export type RecordFields = Record<string, string | number | null>;

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
}

/** What the record forms choose from (GET /gestao/api/options): sections, venues with their city, works (drafts included). */
export interface RecordOptions {
  cities: { id: number; name: string }[];
  sponsorGroups: { id: number; name: string }[];
  sections: { id: number; name: string }[];
  venues: { id: number; name: string; city: string }[];
  movies: { id: number; title: string; isMovie: boolean }[];
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
