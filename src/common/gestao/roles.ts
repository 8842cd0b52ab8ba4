/**
 * The back office's roles and what each may change, field by field: the server enforces this table
 * on every write (a denied write answers 403 and is audited) and the forms read it to grey a field
 * a role may not change, saying why. One table, so the two can never disagree.
 */

export const ROLES = ['administracao', 'programacao', 'edicao', 'imprensa', 'formularios', 'leitura'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  administracao: 'Administração',
  programacao: 'Programação',
  edicao: 'Edição',
  imprensa: 'Imprensa',
  formularios: 'Formulários',
  leitura: 'Leitura',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The content types the back office edits, by the table that holds them. */
export const RECORD_TYPES = [
  'movies',
  'sessions',
  'news',
  'cities',
  'venues',
  'sections',
  'sponsor_groups',
  'sponsors',
  'posters',
  'press_items',
] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

export function isRecordType(value: unknown): value is RecordType {
  return typeof value === 'string' && (RECORD_TYPES as readonly string[]).includes(value);
}

type FieldRoles = Record<string, readonly Role[]>;

const SCHEDULE: readonly Role[] = ['programacao'];
const TEXTS: readonly Role[] = ['edicao', 'programacao'];
const NEWS: readonly Role[] = ['edicao'];
const PRESS: readonly Role[] = ['imprensa'];

/** Who may change each field (administrators may change every field of every type). */
export const FIELD_ROLES: Record<RecordType, FieldRoles> = {
  movies: {
    is_movie: SCHEDULE,
    section_id: SCHEDULE,
    scope: SCHEDULE,
    duration_min: SCHEDULE,
    highlight: SCHEDULE,
    from_festival: SCHEDULE,
    buy_label: SCHEDULE,
    buy_link: SCHEDULE,
    title: TEXTS,
    original_title: TEXTS,
    director: TEXTS,
    year: TEXTS,
    country: TEXTS,
    language: TEXTS,
    subtitles: TEXTS,
    keywords: TEXTS,
    logline: TEXTS,
    description_html: TEXTS,
    technical_info_html: TEXTS,
    video_id: TEXTS,
    thumb: TEXTS,
    poster: TEXTS,
  },
  sessions: {
    movie_id: SCHEDULE,
    venue_id: SCHEDULE,
    starts_at: SCHEDULE,
  },
  news: {
    scope: NEWS,
    title: NEWS,
    summary: NEWS,
    description_html: NEWS,
    thumb: NEWS,
    poster: NEWS,
    video_id: NEWS,
    published_at: NEWS,
  },
  cities: { name: SCHEDULE, position: SCHEDULE },
  // A venue's name and address are what visitors read: Edição may correct them too.
  venues: { city_id: SCHEDULE, name: TEXTS, address: TEXTS },
  sections: { name: TEXTS, scope: SCHEDULE, asset_type: SCHEDULE, position: SCHEDULE },
  // Sponsors, posters and banners are the site's face: Edição's.
  sponsor_groups: { name: NEWS, scope: NEWS, position: NEWS, minimized: NEWS },
  sponsors: { group_id: NEWS, position: NEWS, name: NEWS, link: NEWS, thumb: NEWS, description_html: NEWS },
  posters: { scope: NEWS, kind: NEWS, position: NEWS, img: NEWS, link: NEWS, caption_html: NEWS },
  press_items: { type: PRESS, title: PRESS, description_html: PRESS, file_name: PRESS, published_at: PRESS },
};

/** Who may add or remove a record of a type. */
export const CREATE_ROLES: Record<RecordType, readonly Role[]> = {
  movies: SCHEDULE,
  sessions: SCHEDULE,
  news: NEWS,
  cities: SCHEDULE,
  venues: SCHEDULE,
  sections: SCHEDULE,
  sponsor_groups: NEWS,
  sponsors: NEWS,
  posters: NEWS,
  press_items: PRESS,
};

/** Who may publish the draft as a release (everyone who edits content). */
export const PUBLISH_ROLES: readonly Role[] = ['administracao', 'programacao', 'edicao', 'imprensa'];

/** Who may upload a picture: whoever may change a picture field of some record (administrators too). */
export const PICTURE_UPLOAD_ROLES: readonly Role[] = ['administracao', ...TEXTS];
/** Who may upload a press item's PDF. */
export const PDF_UPLOAD_ROLES: readonly Role[] = ['administracao', ...PRESS];

export function mayChangeField(role: Role, type: RecordType, field: string): boolean {
  if (role === 'administracao') return field in FIELD_ROLES[type];
  return FIELD_ROLES[type][field]?.includes(role) ?? false;
}

export function mayCreate(role: Role, type: RecordType): boolean {
  return role === 'administracao' || CREATE_ROLES[type].includes(role);
}

export function mayPublish(role: Role): boolean {
  return PUBLISH_ROLES.includes(role);
}

/** The reason shown beside a greyed field: who may change it. */
export function fieldLockReason(type: RecordType, field: string): string {
  const roles = FIELD_ROLES[type][field] ?? [];
  const names = ['administracao', ...roles].map((r) => ROLE_LABELS[r as Role]);
  return `Só ${names.slice(0, -1).join(', ')}${names.length > 1 ? ' ou ' : ''}${names[names.length - 1]} pode alterar este campo.`;
}
