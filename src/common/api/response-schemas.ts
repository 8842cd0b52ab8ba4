/**
 * The API's answers as JSON Schema (draft 2020-12, as OpenAPI 3.1 reads it). The TypeScript types
 * of src/common/api/api-types.ts are derived from these schemas, so the OpenAPI document, the tests
 * that check real answers, the server's handlers and the browser's readers share one definition.
 * Field names and value types are the spec's (section 3): ids are strings, flags are '0'/'1'.
 *
 * A property that is a collection's field under the same name and type is not written here but
 * taken from the collection (collectionProps: its type and its description), by a list the public
 * repositories also select and map; the spec's own names and shapes (ismovie, mm, a session's
 * status, a renamed or worked-out value) are written here.
 */
import type { JSONSchema } from 'json-schema-to-ts';
import { COLLECTIONS } from '../gestao/collections';
import { SESSION_STATUSES } from '../programme/session-status';
import { CHANGE_KINDS } from '../programme/programme-change';
import { VENUE_GENDERS } from '../programme/venue-gender';
import { ACCESS_FEATURES, AGE_RATINGS, LANGUAGE_CODES } from '../programme/session-access';
import { collectionProps } from './collection-props';

const { movies, news, cities, sections, sponsors, posters, custom_pages, menu_items, history_editions, press_items } = COLLECTIONS;

type Props = Record<string, JSONSchema>;

/** An object whose every property is required and which has no other. */
function obj<const P extends Props>(properties: P, description?: string) {
  return {
    type: 'object',
    description,
    properties,
    required: Object.keys(properties) as (keyof P & string)[],
    additionalProperties: false,
  } as const;
}
// Descriptions are plain values (undefined when absent, dropped by JSON): a conditional spread would
// make every schema a union, which the type derivation cannot afford.
const list = <const S extends JSONSchema>(items: S, description?: string) => ({ type: 'array', items, description }) as const;
const text = (description?: string) => ({ type: 'string', description }) as const;
const id = { type: 'string', pattern: '^[0-9]+$', description: 'Identificador numérico, em texto.' } as const;
const int = (description?: string) => ({ type: 'integer', description }) as const;
const flag = { type: 'string', enum: ['0', '1'] } as const;
const scope = { type: 'string', enum: ['festa', 'distrib'] } as const;
const html = text('HTML já limpo no servidor.');

/** A session's last-minute status and the reason visitors read (src/common/programme/session-status.ts). */
const statusProps = {
  status: {
    type: 'string',
    enum: SESSION_STATUSES,
    description: "'' como previsto; cancelled (continua na lista, marcada), sold_out, few_seats, moved, delayed.",
  },
  status_note: text('O motivo que o público lê ("cópia não chegou"); vazio sem motivo.'),
} as const;

/** What a visitor needs to know to follow a session (src/common/programme/session-access.ts). */
const languageCode = { type: 'string', enum: LANGUAGE_CODES } as const;
export const followSchema = obj(
  {
    languages: list(languageCode, 'Línguas faladas (ISO 639-1).'),
    subtitles: list(languageCode, 'Línguas das legendas; [] sem legendas.'),
    age_rating: { type: 'string', enum: ['', ...AGE_RATINGS], description: "Classificação etária (M/3 a M/18); '' a classificar." },
    access: list(
      { type: 'string', enum: ACCESS_FEATURES },
      'sdh (legendas descritivas), ad (audiodescrição), lgp (Língua Gestual Portuguesa), relaxed (sessão descontraída), qa_interpreted (conversa com interpretação).',
    ),
  },
  'Língua, legendas, classificação etária e acessibilidade: as da sessão ou, onde ela nada diz, as do filme.',
);

/** A venue's card (venues.ts): where it is, how to get there and in. */
export const venueSchema = objWithOptional(
  {
    id,
    name: text(),
    address: text(),
    city_id: id,
    city_name: text(),
    maps_url: text('Uma pesquisa da morada num mapa (a aplicação de mapas do telemóvel abre-a).'),
    directions: text('Como chegar: metro, autocarro, comboio, em palavras.'),
    box_office: text('Horário da bilheteira.'),
    step_free: flag,
    wheelchair_places: int('Lugares para cadeira de rodas; 0 sem nenhum.'),
    hearing_loop: flag,
    accessible_toilets: flag,
  },
  {
    untranslated: { type: 'array', items: { type: 'string' }, description: 'Campos sem tradução nesta língua: vêm em pt-PT.' },
  },
);

/** Beside the spec's fields of a session: its venue (for its card) and how it can be followed. */
const sessionExtraProps = {
  venue_id: { ...id, description: 'A sala: o seu cartão é /sala/{venue_id}.' },
  follow: followSchema,
} as const;

/** A venue name's grammatical gender (src/common/programme/venue-gender.ts): "era no Cinema São Jorge", "era na Cinemateca". */
const venueGenderProp = {
  type: 'string',
  enum: VENUE_GENDERS,
  description: "O género gramatical do nome da sala: 'm' (no Cinema São Jorge) ou 'f' (na Cinemateca).",
} as const;

/**
 * Where and when a session was first published, on a session a published change moved since (its
 * time, day or venue): what visitors holding tickets need to hear ("Mudou: era às 18:00"). Absent
 * on a session where it was planned. Kept beside the status, which says a cancellation or a delay.
 */
/**
 * The fields of an answer in another language that are shown in pt-PT for want of a translation
 * (by the answer's names): only with ?lang=, and the page marks each as Portuguese.
 */
const untranslatedProp = {
  untranslated: { type: 'array', items: { type: 'string' }, description: 'Campos sem tradução nesta língua: vêm em pt-PT.' },
} as const;

const plannedProp = {
  planned: obj(
    {
      starts_at: text('A hora publicada primeiro, AAAA-MM-DDTHH:MM na hora de Lisboa (a dos bilhetes, mesmo depois de duas mudanças).'),
      venue_name: text('A sala publicada primeiro.'),
      venue_gender: venueGenderProp,
    },
    'Só numa sessão que uma alteração publicada mudou de hora, dia ou sala: onde e quando era.',
  ),
} as const;

/** As obj(), with `optional` properties besides the required ones. */
function objWithOptional<const P extends Props, const O extends Props>(properties: P, optional: O) {
  return {
    type: 'object',
    properties: { ...properties, ...optional },
    required: Object.keys(properties) as (keyof P & string)[],
    additionalProperties: false,
  } as const;
}

const visibility = obj({ festprog: flag, movies: flag, news: flag }, "'0' esconde o bloco da página inicial.");

export const homePrefsSchema = obj(
  {
    festivalName: text(),
    editionNumber: int(),
    year: int('Ano da edição atual.'),
    festivalStart: text('Primeiro dia do festival, AAAA-MM-DD (Lisboa).'),
    festivalEnd: text('Último dia do festival, AAAA-MM-DD (Lisboa).'),
    defaultScope: scope,
    agendaColor: text(),
    visibility: obj({ festa: visibility, distrib: visibility }),
    social: obj({ video: text(), photo: text(), social: text(), microblog: text() }),
    contactEmail: text(),
    press: obj(
      {
        contactName: text(),
        contactEmail: text(),
        accreditationRulesId: text('Material de imprensa (apoio) com o regulamento de acreditação; vazio sem ele.'),
      },
      'O contacto de imprensa e o regulamento de acreditação (vazios quando não há).',
    ),
    description: text(),
    teamHtml: html,
    presentationHtml: html,
    imageBase: text('Prefixo de todos os caminhos de imagem (thumb, poster, img).'),
    publicUrl: text('Endereço público do site.'),
    videoBase: text('Base das molduras de trailer: {videoBase}/play/{id}.'),
    contentVersion: text('Versão dos conteúdos: muda a cada importação.'),
    historyEditions: list(text(), 'Edições do arquivo histórico, da mais recente para a mais antiga: a primeira é a edição por omissão.'),
  },
  'Tudo o que o cliente precisa ao arrancar.',
);

/** What a menu entry copies from its record (menu-items.ts); its address and its page's template are worked out. */
export const MENU_ITEM_FIELDS = ['title', 'internal_page_id'] as const;
const menuItemProps = { ...collectionProps(menu_items, MENU_ITEM_FIELDS), menu_url: text(), template_id: int() } as const;
/** Menus nest one level: a top item and its dropdown children, whose own childs are empty. */
export const menuItemSchema = objWithOptional(
  {
    ...menuItemProps,
    childs: list(objWithOptional({ ...menuItemProps, childs: { type: 'array', maxItems: 0 } }, untranslatedProp), 'Itens do submenu.'),
  },
  untranslatedProp,
);
export const menusSchema = obj({ top: list(menuItemSchema), bottom: list(menuItemSchema) });

/** What a film's or an activity's card copies from its record (movies.ts); lists and the programme read it. */
export const WORK_CARD_FIELDS = ['title', 'thumb', 'keywords', 'logline', 'highlight'] as const;
const cardProps = {
  id,
  ...collectionProps(movies, WORK_CARD_FIELDS),
  name: text('Secção (etiqueta).'),
  ismovie: flag,
  mm: text('Mês da primeira sessão (vazio sem sessões).'),
} as const;
export const cardSchema = objWithOptional(cardProps, untranslatedProp);
/** What a film in a list copies from its record besides its card's. */
export const MOVIE_LIST_FIELDS = ['director'] as const;
const movieListProps = { ...cardProps, yy: text(), ...collectionProps(movies, MOVIE_LIST_FIELDS) } as const;
/** Beside the spec's fields: how a film can be followed (a list: what some session of it offers, for the filters; its page: the film's own). */
const filmFollowProp = {
  follow: {
    ...followSchema,
    description: 'Numa lista: o que alguma das suas sessões oferece (para os filtros); no filme, o do próprio filme.',
  },
} as const;
export const movieListItemSchema = objWithOptional(movieListProps, { ...untranslatedProp, ...filmFollowProp });

export const sessionSchema = objWithOptional(
  {
    id,
    city_name: text(),
    dd: text(),
    mm: text(),
    hhmm: text(),
    venue_name: text(),
    starts_at: text('Início da sessão, AAAA-MM-DDTHH:MM na hora de Lisboa.'),
    city_id: { ...id, description: 'A cidade da sessão: o dia dela na programação é /programacao?cidade={city_id}&dia=d{dd}.' },
    venue_address: text('Morada da sala.'),
    ...statusProps,
  },
  { ...plannedProp, ...untranslatedProp, ...sessionExtraProps },
);

/** An uploaded picture's alt text and focal point (percent of its width and height), by its path. */
const pictures = {
  type: 'object',
  additionalProperties: obj({ alt: text(), focusX: int(), focusY: int() }),
  description: 'Texto alternativo e ponto focal (em %) das imagens carregadas no /gestao, pelo seu caminho; as outras não vêm aqui.',
} as const;

/** What a film in full copies from its record besides its list item's. */
export const MOVIE_FIELDS = ['poster', 'original_title', 'duration_min', 'language', 'subtitles'] as const;
export const movieSchema = objWithOptional(
  {
    ...movieListProps,
    ...collectionProps(movies, MOVIE_FIELDS),
    venue: text(),
    hh: text(),
    tag: text(),
    description: html,
    video_url: text(),
    buybtn_label: text(),
    buylink: text(),
    fromfestival: flag,
    technical_info: html,
    sessions: list(sessionSchema),
    pictures,
  },
  { ...untranslatedProp, ...filmFollowProp },
);

export const programmeEventSchema = objWithOptional(
  {
    ...cardProps,
    session_id: id,
    dd: text(),
    hh: text(),
    venue: text(),
    venue_address: text('Morada da sala.'),
    ...statusProps,
  },
  { ...plannedProp, ...untranslatedProp, ...sessionExtraProps },
);

/** What a city copies from its record (cities.ts). */
export const CITY_FIELDS = ['name'] as const;
export const citySchema = obj({ id, ...collectionProps(cities, CITY_FIELDS) });

export const cityProgrammeSchema = obj({
  festivals: {
    description: "Dias ('d' + dia) com os seus eventos; [] quando a cidade não tem nenhum.",
    anyOf: [
      { type: 'object', additionalProperties: list(programmeEventSchema) },
      { type: 'array', maxItems: 0 },
    ],
  },
  numPastEvents: int('Eventos já começados; os dias antes de hoje não vêm na resposta, só contados aqui.'),
});

/** What a section copies from its record (sections.ts). */
export const SECTION_FIELDS = ['name'] as const;
export const sectionSchema = objWithOptional(
  {
    id,
    ...collectionProps(sections, SECTION_FIELDS),
    assetType: { type: 'string', enum: ['movies', 'activities'] },
  },
  untranslatedProp,
);
export const filmFilterItemSchema = objWithOptional({ id, name: text() }, untranslatedProp);

/** What a news item copies from its record (news.ts). */
export const NEWS_FIELDS = ['title', 'thumb', 'summary', 'poster', 'published_at'] as const;
export const newsItemSchema = objWithOptional(
  {
    id,
    ...collectionProps(news, NEWS_FIELDS),
    pretty_date: text(),
    description: html,
    video_url: text(),
    dd: text(),
    mm: text(),
    yy: text(),
    pictures,
  },
  untranslatedProp,
);

/** What a poster or a banner copies from its record (posters.ts). */
export const POSTER_FIELDS = ['img', 'link'] as const;
export const posterItemSchema = objWithOptional({ ...collectionProps(posters, POSTER_FIELDS), description: html }, untranslatedProp);
export const postersSchema = obj({ poster: list(posterItemSchema), banner: list(posterItemSchema) });

/** What a sponsor copies from its record (sponsors.ts); its group's name and size are the group's. */
export const SPONSOR_FIELDS = ['name', 'link', 'thumb'] as const;
export const sponsorSchema = objWithOptional(
  {
    id,
    ...collectionProps(sponsors, SPONSOR_FIELDS),
    minimized: int('0: tamanho normal; outro valor: minimizado.'),
    description: html,
    tag_name: text(),
  },
  untranslatedProp,
);
export const sponsorListSchema = obj({
  items: { type: 'object', additionalProperties: sponsorSchema, description: 'Patrocinadores por id.' },
  ids: list(id, 'Ordem de apresentação.'),
});

/** What a page copies from its record (custom-pages.ts). */
export const CUSTOM_PAGE_FIELDS = [
  'slug',
  'template_id',
  'title',
  'poster',
  'num_text_cols',
  'subsection_title',
  'subsection_html',
] as const;
export const customPageSchema = objWithOptional(
  {
    ...collectionProps(custom_pages, CUSTOM_PAGE_FIELDS),
    mainhtml: html,
    sidebarhtml: html,
    cards: list(obj({ movie_id: text(), thumb: text(), title: text(), description: html })),
  },
  untranslatedProp,
);

/** What a past edition copies from its record (history-editions.ts). */
export const HISTORY_EDITION_FIELDS = ['edition', 'title', 'poster'] as const;
export const festivalEditionSchema = obj({
  ...collectionProps(history_editions, HISTORY_EDITION_FIELDS),
  venues: html,
  guests: html,
  awards: html,
  numbers: html,
  sponsors: html,
  list_movies: list(obj({ thumb: text(), list_html: html })),
  editions: list(text(), 'Todas as edições do arquivo, da mais recente para a mais antiga.'),
});

/** What an activity in full copies from its record (movies.ts). */
export const ACTIVITY_FIELDS = ['title', 'keywords', 'logline', 'poster', 'thumb'] as const;
export const activitySchema = objWithOptional(
  {
    id,
    ...collectionProps(movies, ACTIVITY_FIELDS),
    description: html,
    name: text(),
    ismovie: flag,
    sessions: list(sessionSchema),
    pictures,
  },
  untranslatedProp,
);

export const searchHitSchema = obj({ id, thumb: text(), title: text(), logline: text() });
export const searchResultsSchema = obj({
  movies: list(searchHitSchema),
  news: list(searchHitSchema),
  festivals: list(searchHitSchema),
  found: {
    type: 'array',
    items: { type: 'integer' },
    minItems: 3,
    maxItems: 3,
    description: 'Resultados: 0 filmes, 1 eventos paralelos, 2 notícias.',
  },
});

/** What a press item copies from its record (press-items.ts); its file's size and type are the stored file's. */
export const PRESS_ITEM_FIELDS = ['title'] as const;
export const pressItemSchema = objWithOptional(
  {
    id,
    ...collectionProps(press_items, PRESS_ITEM_FIELDS),
    description: html,
    type: { type: 'string', enum: ['pressrelease', 'presskit', 'support'] },
    size: int('Tamanho do ficheiro em bytes.'),
    mime: text(),
  },
  untranslatedProp,
);

const programmeAttachmentSchema = obj({ id, title: text(), description: html, size: int(), mime: text() });
export const festivalProgrammeEntrySchema = objWithOptional(
  { description: html, attachments: list(programmeAttachmentSchema) },
  untranslatedProp,
);

/** The festival's own texts (the settings'), in the language asked for: the about pages and the site's description. */
export const festivalTextsSchema = objWithOptional({ description: text(), presentationHtml: html, teamHtml: html }, untranslatedProp);

/** A session as the personal agenda keeps it (GET /api/sessions). */
export const agendaSessionSchema = objWithOptional(
  {
    id,
    work_id: id,
    ismovie: flag,
    title: text(),
    starts_at: text('Início, AAAA-MM-DDTHH:MM na hora de Lisboa.'),
    venue_id: id,
    venue_name: text(),
    venue_address: text('Morada da sala (com a cidade).'),
    city_id: id,
    city_name: text(),
    duration_min: int('Duração em minutos (a do filme; uma hora nos eventos paralelos, que não a têm).'),
    ...statusProps,
    version: text('Muda quando muda a hora, a sala, a cidade ou o estado da sessão; o id da sessão nunca muda.'),
    sequence: int(
      'Quantas vezes a sessão mudou desde que foi publicada: o SEQUENCE do seu evento no calendário (ficheiro .ics e subscrição).',
    ),
  },
  { ...plannedProp, ...untranslatedProp, follow: followSchema },
);

/** Where and when a session is, in a programme change (src/common/programme/programme-change.ts). */
const sessionPlaceSchema = objWithOptional(
  {
    starts_at: text('AAAA-MM-DDTHH:MM na hora de Lisboa.'),
    venue_id: int(),
    venue_name: text(),
    city_id: int(),
    city_name: text(),
    ...statusProps,
  },
  {
    venue_gender: venueGenderProp,
    access: list({ type: 'string', enum: ACCESS_FEATURES }, 'As suas acessibilidades (as da sessão ou, sem elas, as do filme).'),
  },
);

/** A published change to a session (GET /api/programme_changes, the "Alterações à programação" page). */
export const programmeChangeSchema = obj({
  id: int('Estável: o id da entrada no feed Atom.'),
  release: int('A publicação que a fez.'),
  published_at: text('Quando foi publicada (ISO 8601, UTC).'),
  session_id: id,
  title: text('O filme ou evento paralelo.'),
  path: text('A página do filme ou evento: /filme/{id} ou /actividade/{id}.'),
  kind: {
    type: 'string',
    enum: CHANGE_KINDS,
    description:
      'cancelled, restored (voltou ao previsto), retimed (nova hora ou dia), delayed, moved (outra sala), sold_out, few_seats, access (mudou a acessibilidade): o que se diz primeiro.',
  },
  was: sessionPlaceSchema,
  now: sessionPlaceSchema,
});

export const travelTimeSchema = obj({
  from_city_id: id,
  to_city_id: id,
  minutes: int('Tempo da viagem entre as duas cidades, em qualquer sentido.'),
});

const searchDocumentSchema = obj({
  ...searchHitSchema.properties,
  title_folded: text('Título dobrado (minúsculas, sem acentos, só letras e algarismos).'),
  text: text('Texto pesquisável dobrado do mesmo modo.'),
});
export const searchIndexSchema = obj({
  movies: list(searchDocumentSchema),
  festivals: list(searchDocumentSchema),
  news: list(searchDocumentSchema),
});

export const programmeSyncSchema = obj({
  version: text('Versão dos conteúdos.'),
  generatedAt: text(),
  answers: { type: 'object', additionalProperties: {}, description: 'Respostas da API por caminho.' },
  sessionVersions: {
    type: 'object',
    additionalProperties: { type: 'string' },
    description:
      'Versão de cada sessão, pelo seu id: uma versão diferente é uma sessão mudada (hora, sala, cidade ou estado), um id novo é uma sessão nova, um id que falta é uma sessão retirada da programação (uma sessão cancelada à última hora continua, com o estado cancelled).',
  },
});

export const programmeChangesSchema = {
  type: 'object',
  required: ['version', 'generatedAt', 'full'],
  additionalProperties: false,
  properties: {
    version: text('Versão dos conteúdos agora.'),
    generatedAt: text(),
    full: {
      type: 'boolean',
      description: 'true: a versão guardada já não é conhecida e a resposta é a programação inteira (como /sync/programme).',
    },
    since: text('A versão a que as alterações se aplicam.'),
    answers: { type: 'object', additionalProperties: {}, description: 'Com full: todas as respostas da API por caminho.' },
    sessionVersions: { type: 'object', additionalProperties: { type: 'string' }, description: 'Com full: a versão de cada sessão.' },
    patched: {
      type: 'object',
      description: 'Respostas alteradas: o hash SHA-256 da resposta guardada a que se aplicam e a diferença (formato jsondiffpatch).',
      additionalProperties: {
        type: 'object',
        required: ['base', 'delta'],
        additionalProperties: false,
        properties: { base: { type: 'string' }, delta: {} },
      },
    },
    added: { type: 'object', additionalProperties: {}, description: 'Respostas novas, inteiras.' },
    removed: { type: 'array', items: { type: 'string' }, description: 'Caminhos que deixaram de existir.' },
  },
} as const;

export const programmeVersionSchema = obj({ version: text('Versão dos conteúdos: muda a cada importação.') });

export const submissionAckSchema = obj({ ok: { const: true }, id: text(), message: text('Mensagem de sucesso (pt-PT).') });

/** What the push subscription route answers (issue 37). */
export const pushAckSchema = obj({
  ok: { const: true },
  sessions: int('Quantas sessões marcadas ficaram guardadas para esta subscrição (0 depois de a apagar).'),
  message: text('Mensagem de sucesso (pt-PT).'),
});
/** The site's VAPID public key, which the browser's subscribe call needs (applicationServerKey). */
export const pushKeySchema = obj({ public_key: text('Chave pública VAPID (P-256, base64url).') });

export const apiErrorSchema = {
  type: 'object',
  required: ['statusCode', 'error', 'message'],
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    message: { type: 'string', description: 'Mensagem em português (pt-PT).' },
    fields: { type: 'object', additionalProperties: { type: 'string' }, description: 'Mensagem por campo.' },
  },
  additionalProperties: false,
} as const;
