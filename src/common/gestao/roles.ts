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
  'custom_pages',
  'menu_items',
  'travel_times',
  'settings',
  'history_editions',
  'press_items',
  'programme_entries',
] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

export function isRecordType(value: unknown): value is RecordType {
  return typeof value === 'string' && (RECORD_TYPES as readonly string[]).includes(value);
}

type FieldRoles = Record<string, readonly Role[]>;

const SCHEDULE: readonly Role[] = ['programacao'];
const TEXTS: readonly Role[] = ['edicao', 'programacao'];
const NEWS: readonly Role[] = ['edicao'];
/** The site's identity (name, colour, social links, contact addresses): Administração's alone. */
const ADMIN: readonly Role[] = [];
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
    status: SCHEDULE,
    status_note: SCHEDULE,
    guest: SCHEDULE,
    code: SCHEDULE,
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
  venues: { city_id: SCHEDULE, name: TEXTS, address: TEXTS, turnover_min: SCHEDULE, opens_at: SCHEDULE, closes_at: SCHEDULE },
  sections: { name: TEXTS, scope: SCHEDULE, asset_type: SCHEDULE, position: SCHEDULE },
  // Sponsors, posters and banners are the site's face: Edição's.
  sponsor_groups: { name: NEWS, scope: NEWS, position: NEWS, minimized: NEWS },
  sponsors: { group_id: NEWS, position: NEWS, name: NEWS, link: NEWS, thumb: NEWS, description_html: NEWS },
  posters: { scope: NEWS, kind: NEWS, position: NEWS, img: NEWS, link: NEWS, caption_html: NEWS },
  // Pages and menus are texts: Edição's.
  custom_pages: {
    slug: NEWS,
    template_id: NEWS,
    title: NEWS,
    poster: NEWS,
    main_html: NEWS,
    sidebar_html: NEWS,
    num_text_cols: NEWS,
    subsection_title: NEWS,
    subsection_html: NEWS,
    cards: NEWS,
  },
  menu_items: {
    scope: NEWS,
    location: NEWS,
    parent_id: NEWS,
    position: NEWS,
    title: NEWS,
    menu_url: NEWS,
    internal_page_id: NEWS,
  },
  // The journeys between cities decide the agenda's warnings: Programação's, like the cities.
  travel_times: { from_city_id: SCHEDULE, to_city_id: SCHEDULE, minutes: SCHEDULE },
  settings: {
    festival_name: ADMIN,
    description: NEWS,
    agenda_color: ADMIN,
    festival_start: SCHEDULE,
    festival_days: SCHEDULE,
    visibility_festa_festprog: NEWS,
    visibility_festa_movies: NEWS,
    visibility_festa_news: NEWS,
    visibility_distrib_festprog: NEWS,
    visibility_distrib_movies: NEWS,
    visibility_distrib_news: NEWS,
    social_video: ADMIN,
    social_photo: ADMIN,
    social_social: ADMIN,
    social_microblog: ADMIN,
    contact_email: ADMIN,
    press_contact_name: ADMIN,
    press_contact_email: ADMIN,
    presentation_html: NEWS,
    team_html: NEWS,
  },
  history_editions: {
    edition: NEWS,
    title: NEWS,
    poster: NEWS,
    venues_html: NEWS,
    guests_html: NEWS,
    awards_html: NEWS,
    numbers_html: NEWS,
    sponsors_html: NEWS,
    movies: NEWS,
  },
  press_items: { type: PRESS, title: PRESS, description_html: PRESS, file_name: PRESS, published_at: PRESS },
  // The programme page's texts and PDFs (the full programme, the timetable): Programação's.
  programme_entries: { position: SCHEDULE, description_html: SCHEDULE, attachments: SCHEDULE },
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
  custom_pages: NEWS,
  menu_items: NEWS,
  travel_times: SCHEDULE,
  // The settings are one record: changed, never added or removed, not even by Administração.
  settings: [],
  history_editions: NEWS,
  press_items: PRESS,
  programme_entries: SCHEDULE,
};

/** Who sees a type in the back office's menu: whoever may change one of its fields, and Leitura. */
export function maySee(role: Role, type: RecordType): boolean {
  return role === 'administracao' || role === 'leitura' || Object.values(FIELD_ROLES[type]).some((roles) => roles.includes(role));
}

/**
 * Who may print the programme and the front-of-house sheets: whoever sees one of the programme's
 * records in the back office (its sessions, films, venues or cities). What they print is what
 * visitors already read, so seeing is enough; Imprensa and Formulários work on other records.
 */
export const PRINT_ROLES: readonly Role[] = ROLES.filter((role) =>
  (['sessions', 'movies', 'venues', 'cities'] as const).some((type) => maySee(role, type)),
);

/** Who may publish the draft as a release (everyone who edits content). */
export const PUBLISH_ROLES: readonly Role[] = ['administracao', 'programacao', 'edicao', 'imprensa'];

/** Who may upload a picture: whoever may change a picture field of some record (administrators too). */
export const PICTURE_UPLOAD_ROLES: readonly Role[] = ['administracao', ...TEXTS];
/** Who may upload a PDF: a press item's (Imprensa) or a programme entry's attachment (Programação). */
export const PDF_UPLOAD_ROLES: readonly Role[] = ['administracao', ...PRESS, ...SCHEDULE];

export function mayChangeField(role: Role, type: RecordType, field: string): boolean {
  if (role === 'administracao') return field in FIELD_ROLES[type];
  return FIELD_ROLES[type][field]?.includes(role) ?? false;
}

export function mayCreate(role: Role, type: RecordType): boolean {
  if (CREATE_ROLES[type].length === 0) return false;
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

/** Who may see the draft's preview and make a link to it: everyone who edits content, as for publishing. */
export function mayPreview(role: Role): boolean {
  return PUBLISH_ROLES.includes(role);
}
