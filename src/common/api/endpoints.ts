/**
 * The API contract, once: every endpoint of spec section 7 (and the site's own homeprefs,
 * offline sync and downloads) with its path under `{host}/admin`, its Yup parameter schemas and
 * its response schema. The server registers its routes from this registry and must answer each
 * endpoint's type; the browser builds paths and reads typed answers from it; OpenAPI is generated
 * from it. Paths are written relative to API_BASE; the data layer keys answers by them. The
 * browser reads this registry through endpoint-refs.ts (generated from it, without its schemas).
 */
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { AnyObject, InferType, ObjectSchema } from 'yup';
import { accreditationSchema, newsletterSchema, ticketSchema, type FormKind } from '../forms/form-schemas';
import * as P from './params';
import * as S from './response-schemas';
import type { PushAck, SubmissionAck } from './api-types';
import { pushSubscriptionSchema, pushUnsubscribeSchema } from '../push/push-subscription-schema';

/** Cache policies: content changes on import; live data depends on the clock; files rarely change. */
export const CACHE_POLICIES = {
  content: 'public, max-age=60, s-maxage=300, stale-while-revalidate=86400',
  live: 'public, max-age=30, s-maxage=60, stale-while-revalidate=300',
  /** Asked every minute by open pages: always revalidated (its ETag makes an unchanged answer a 304). */
  revalidate: 'no-cache',
  file: 'public, max-age=86400, s-maxage=86400',
  none: 'no-store',
} as const;
type CachePolicy = keyof typeof CACHE_POLICIES;

interface EndpointBase<Params extends AnyObject, Query extends AnyObject> {
  /** Relative to API_BASE; `:name` segments and a trailing `*` are parameters. */
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  readonly params: ObjectSchema<Params>;
  readonly query?: ObjectSchema<Query>;
  readonly cache: CachePolicy;
}

/** A GET answering JSON of one schema. */
export interface JsonEndpoint<Params extends AnyObject, Query extends AnyObject, Schema extends JSONSchema, Answer> extends EndpointBase<
  Params,
  Query
> {
  readonly method: 'GET';
  readonly kind: 'json';
  readonly response: Schema;
  /** Phantom: the answer's type, derived from the schema once, where the endpoint is defined. */
  readonly __answer?: Answer;
}
/** A GET answering a file (press material, programme attachment). */
export interface FileEndpoint<Params extends AnyObject> extends EndpointBase<Params, AnyObject> {
  readonly method: 'GET';
  readonly kind: 'file';
}
/**
 * A POST of a form: its body validated by the form's own Yup schema, answered with an
 * acknowledgement, both in the language its address names (?lang=en, ?lang=it; pt-PT without).
 */
export interface FormEndpoint<Body extends AnyObject> extends EndpointBase<AnyObject, AnyObject> {
  readonly method: 'POST';
  readonly kind: 'form';
  readonly form: FormKind;
  /** pt-PT's schema (the document's); another language's is `formSchemaIn(form, i18n)`. */
  readonly body: ObjectSchema<Body>;
  readonly response: typeof S.submissionAckSchema;
  readonly __answer?: SubmissionAck;
}

/**
 * A JSON body of nested fields (not a form: nothing a <form> could post), validated by its Yup
 * schema as a whole: the Web Push subscription, PushSubscription.toJSON() with the starred sessions.
 */
export interface BodyEndpoint<Body extends AnyObject> extends EndpointBase<AnyObject, AnyObject> {
  readonly method: 'POST' | 'DELETE';
  readonly kind: 'body';
  readonly body: ObjectSchema<Body>;
  readonly response: typeof S.pushAckSchema;
  readonly __answer?: PushAck;
}

const json = <Params extends AnyObject, Query extends AnyObject, const Schema extends JSONSchema>(
  def: Omit<JsonEndpoint<Params, Query, Schema, never>, 'method' | 'kind' | 'cache' | '__answer'> & { cache?: CachePolicy },
): JsonEndpoint<Params, Query, Schema, FromSchema<Schema>> => ({ method: 'GET', kind: 'json', cache: 'content', ...def });

const list = <const Schema extends JSONSchema>(items: Schema) => ({ type: 'array', items }) as const;

const form = <Body extends AnyObject>(formKind: FormKind, path: string, summary: string, body: ObjectSchema<Body>): FormEndpoint<Body> => ({
  method: 'POST',
  kind: 'form',
  form: formKind,
  path,
  summary,
  tag: 'formulários',
  params: P.noParams,
  query: P.languageQuery,
  body,
  cache: 'none',
  response: S.submissionAckSchema,
});

const file = <Params extends AnyObject>(
  path: string,
  summary: string,
  tag: string,
  params: ObjectSchema<Params>,
  cache: CachePolicy = 'file',
): FileEndpoint<Params> => ({
  method: 'GET',
  kind: 'file',
  path,
  summary,
  tag,
  params,
  cache,
});

export const endpoints = {
  homeprefs: json({
    path: '/homeprefs',
    tag: 'arranque',
    summary: 'Preferências iniciais do site: edição, visibilidade dos blocos da página inicial, cor da agenda, redes sociais.',
    params: P.noParams,
    response: S.homePrefsSchema,
  }),
  festivalTexts: json({
    path: '/api/festival_texts',
    tag: 'arranque',
    summary:
      'Os textos do festival (descrição do site, apresentação, equipa) na língua pedida; as preferências iniciais trazem-nos em pt-PT.',
    params: P.noParams,
    query: P.languageQuery,
    response: S.festivalTextsSchema,
  }),
  filmsByCategory: json({
    path: '/api/movies_from_categ/:category/:scope',
    tag: 'filmes',
    summary: 'Filmes de uma categoria (secção) e âmbito.',
    params: P.categoryParams,
    query: P.languageQuery,
    response: list(S.movieListItemSchema),
  }),
  newsList: json({
    path: '/api/news/:scope',
    tag: 'notícias',
    summary: 'Lista de notícias de um âmbito, da mais recente para a mais antiga.',
    params: P.newsListParams,
    query: P.languageQuery,
    response: list(S.newsItemSchema),
  }),
  news: json({
    path: '/api/news/:news_id',
    tag: 'notícias',
    summary: 'Detalhe de uma notícia.',
    params: P.newsParams,
    query: P.languageQuery,
    response: S.newsItemSchema,
  }),
  cityProgramme: json({
    path: '/api/movies_from_festival/:city',
    tag: 'programação',
    summary: 'Programação de uma cidade, por dia (chaves "d" + dia), e o número de eventos já passados.',
    params: P.cityParams,
    query: P.languageQuery,
    cache: 'live',
    response: S.cityProgrammeSchema,
  }),
  cities: json({
    path: '/api/cities',
    tag: 'programação',
    summary: 'Cidades do festival (Lisboa primeiro).',
    params: P.noParams,
    response: list(S.citySchema),
  }),
  menus: json({
    path: '/api/menus/:scope',
    tag: 'navegação',
    summary: 'Menus de topo e de rodapé de um âmbito.',
    params: P.scopeParams,
    query: P.languageQuery,
    response: S.menusSchema,
  }),
  movie: json({
    path: '/api/movie/:id',
    tag: 'filmes',
    summary: 'Detalhe de um filme, com sessões.',
    params: P.idParams('filme'),
    query: P.languageQuery,
    response: S.movieSchema,
  }),
  activity: json({
    path: '/api/activity/:id',
    tag: 'eventos paralelos',
    summary: 'Detalhe de um evento paralelo, com sessões.',
    params: P.idParams('evento'),
    query: P.languageQuery,
    response: S.activitySchema,
  }),
  search: json({
    path: '/api/search',
    tag: 'pesquisa',
    summary: 'Pesquisa em filmes, notícias e eventos paralelos: palavras pelo início, sem distinção de maiúsculas nem acentos.',
    params: P.noParams,
    query: P.searchQuery,
    response: S.searchResultsSchema,
  }),
  customPage: json({
    path: '/api/custompage/*',
    tag: 'páginas',
    summary: 'Página de conteúdo (modelos t1 a t4) pelo seu endereço.',
    params: P.customPageParams,
    query: P.languageQuery,
    response: S.customPageSchema,
  }),
  history: json({
    path: '/api/festival_history/:edition',
    tag: 'histórico',
    summary: 'Uma edição passada do festival.',
    params: P.editionParams,
    response: S.festivalEditionSchema,
  }),
  venue: json({
    path: '/api/venue/:venue_id',
    tag: 'programação',
    summary:
      'O cartão de uma sala: morada, como chegar, acessos (entrada sem degraus, lugares para cadeira de rodas, anel de indução, casas de banho) e bilheteira.',
    params: P.venueParams,
    query: P.languageQuery,
    response: S.venueSchema,
  }),
  sections: json({
    path: '/api/sections/:assetType/:scope',
    tag: 'filmes',
    summary: 'Secções de filmes (movies_festa, movies_distrib) ou de eventos paralelos (activities).',
    params: P.sectionParams,
    query: P.languageQuery,
    response: list(S.sectionSchema),
  }),
  filmFilter: json({
    path: '/api/movies2filter',
    tag: 'filmes',
    summary: 'Filmes da distribuidora, para o filtro de filmes.',
    params: P.noParams,
    query: P.languageQuery,
    response: list(S.filmFilterItemSchema),
  }),
  activities: json({
    path: '/api/activities',
    tag: 'eventos paralelos',
    summary: 'Todos os eventos paralelos.',
    params: P.noParams,
    query: P.languageQuery,
    response: list(S.cardSchema),
  }),
  press: json({
    path: '/api/press/:press_type',
    tag: 'imprensa',
    summary: 'Materiais de imprensa de um tipo.',
    params: P.pressParams,
    query: P.languageQuery,
    response: list(S.pressItemSchema),
  }),
  sponsorsFromMenu: json({
    path: '/api/sponsors_from_menu/:sponsor_id/:scope',
    tag: 'patrocinadores',
    summary: 'Patrocinadores de um grupo (0: todos os grupos do âmbito), para a página de patrocinadores.',
    params: P.sponsorMenuParams,
    query: P.languageQuery,
    response: S.sponsorListSchema,
  }),
  sponsorsFromHome: json({
    path: '/api/sponsors_from_home',
    tag: 'patrocinadores',
    summary: 'Patrocinadores da página inicial do festival.',
    params: P.noParams,
    query: P.languageQuery,
    response: S.sponsorListSchema,
  }),
  posters: json({
    path: '/api/posters/:scope',
    tag: 'página inicial',
    summary: 'Cartazes (carrossel principal) e banners de um âmbito.',
    params: P.scopeParams,
    query: P.languageQuery,
    response: S.postersSchema,
  }),
  festivalProgramme: json({
    path: '/api/festival_program',
    tag: 'programação',
    summary: 'Texto do programa do festival e os seus anexos.',
    params: P.noParams,
    query: P.languageQuery,
    response: list(S.festivalProgrammeEntrySchema),
  }),
  sessionIndex: json({
    path: '/api/sessions',
    tag: 'agenda',
    summary: 'Todas as sessões do festival, com a versão de cada uma, para a agenda pessoal (funciona offline).',
    params: P.noParams,
    query: P.languageQuery,
    response: list(S.agendaSessionSchema),
  }),
  programmeAlterations: json({
    path: '/api/programme_changes',
    tag: 'programação',
    summary:
      'As alterações à programação publicadas (hora, dia, sala, cancelamentos, atrasos), da mais recente para a mais antiga: cada sessão como era e como é agora.',
    params: P.noParams,
    query: P.languageQuery,
    response: list(S.programmeChangeSchema),
  }),
  travelTimes: json({
    path: '/api/travel_times',
    tag: 'agenda',
    summary: 'Tempo de viagem entre as cidades do festival, para avisar de sessões sem tempo para lá chegar.',
    params: P.noParams,
    response: list(S.travelTimeSchema),
  }),
  searchIndex: json({
    path: '/api/search_index',
    tag: 'pesquisa',
    summary: 'O índice da pesquisa (títulos e textos já dobrados), para pesquisar sem rede pela mesma regra.',
    params: P.noParams,
    query: P.languageQuery,
    response: S.searchIndexSchema,
  }),
  programmeSync: json({
    path: '/sync/programme',
    tag: 'offline',
    summary: 'Toda a programação numa resposta, para consulta offline: respostas da API por caminho.',
    params: P.noParams,
    query: P.languageQuery,
    cache: 'live',
    response: S.programmeSyncSchema,
  }),
  programmeChanges: json({
    path: '/sync/changes/:since',
    tag: 'offline',
    summary:
      'Só o que mudou na programação desde a versão que o navegador guardou: as respostas alteradas como diferenças, as novas inteiras, as que deixaram de existir; a programação inteira quando essa versão já não é conhecida.',
    params: P.sinceParams,
    query: P.languageQuery,
    cache: 'live',
    response: S.programmeChangesSchema,
  }),
  pushKey: json({
    path: '/push/key',
    tag: 'agenda',
    summary: 'A chave pública VAPID do site, que o navegador precisa para subscrever os avisos de mudanças (Web Push).',
    params: P.noParams,
    response: S.pushKeySchema,
  }),
  programmeVersion: json({
    path: '/sync/version',
    tag: 'offline',
    summary:
      'A versão dos conteúdos, pequena e nunca guardada sem revalidar: uma página aberta pergunta-a a cada minuto e, quando muda, sincroniza a programação.',
    params: P.noParams,
    cache: 'revalidate',
    response: S.programmeVersionSchema,
  }),
} as const;

export const fileEndpoints = {
  downloadPress: file(
    '/api/download_press/:id',
    'Descarrega o ficheiro de um material de imprensa.',
    'imprensa',
    P.idParams('material de imprensa'),
  ),
  downloadAttachment: file('/api/download_attach/:id', 'Descarrega um anexo do programa do festival.', 'programação', P.idParams('anexo')),
  agendaFeed: {
    ...file(
      '/agenda/:sessoes/calendario.ics',
      'A agenda de uma ligação partilhada como calendário subscrito (iCalendar, METHOD:PUBLISH): as aplicações de calendário voltam a pedi-lo sozinhas, e cada sessão que muda de hora, sala ou cidade traz um SEQUENCE maior. Na língua pedida (?lang=en, ?lang=it; sem ela, pt-PT).',
      'agenda',
      P.agendaParams,
      'revalidate',
    ),
    query: P.languageQuery,
  },
  // One address per language by its query (?lang=en), as the API's paths carry no language.
  changesFeed: {
    ...file(
      '/alteracoes.atom',
      'As alterações à programação como feed Atom, da mais recente para a mais antiga (a página /alteracoes), na língua pedida (?lang=en, ?lang=it; sem ela, pt-PT).',
      'programação',
      P.noParams,
      'revalidate',
    ),
    query: P.languageQuery,
  },
} as const;

export const formEndpoints = {
  newsletter: form('newsletter', '/api/newsletter', 'Subscrição da newsletter (email, cidade).', newsletterSchema),
  accreditation: form(
    'accreditation',
    '/api/accreditation',
    'Pedido de acreditação de imprensa (nome, entidade, email, telefone).',
    accreditationSchema,
  ),
  ticket: form('ticket', '/api/ticket', 'Pedido de bilhetes para uma sessão (sessão, nome, email, 1 a 10 bilhetes).', ticketSchema),
} as const;

export const pushEndpoints = {
  pushSubscribe: {
    method: 'POST',
    kind: 'body',
    path: '/push/subscription',
    summary:
      'Avisos de mudanças das sessões marcadas (Web Push), por dispositivo e sem conta: guarda a subscrição do navegador (PushSubscription.toJSON()) e os identificadores das sessões marcadas, e só isso; repetir substitui a lista. O endpoint tem de ser de um serviço de push conhecido. Apagadas 30 dias depois do fim do festival, ou quando o serviço de push diz que a subscrição acabou.',
    tag: 'agenda',
    params: P.noParams,
    body: pushSubscriptionSchema,
    cache: 'none',
    response: S.pushAckSchema,
  } as BodyEndpoint<InferType<typeof pushSubscriptionSchema>>,
  pushUnsubscribe: {
    method: 'DELETE',
    kind: 'body',
    path: '/push/subscription',
    summary: 'Desliga os avisos neste dispositivo: apaga a subscrição e as sessões marcadas guardadas com ela.',
    tag: 'agenda',
    params: P.noParams,
    body: pushUnsubscribeSchema,
    cache: 'none',
    response: S.pushAckSchema,
  } as BodyEndpoint<InferType<typeof pushUnsubscribeSchema>>,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
type AnyJsonEndpoint = Endpoints[EndpointName];
export type AnyEndpoint =
  | AnyJsonEndpoint
  | (typeof fileEndpoints)[keyof typeof fileEndpoints]
  | (typeof formEndpoints)[keyof typeof formEndpoints]
  | (typeof pushEndpoints)[keyof typeof pushEndpoints];

/** What an endpoint of the contract answers. */
export type ContractResponseOf<E> = E extends { readonly __answer?: infer Answer } ? Answer : never;
/** The path and query parameters of an endpoint of the contract. */
export type ContractParamsOf<E> =
  E extends EndpointBase<infer Params, infer Query> ? InferType<ObjectSchema<Params>> & Partial<Query> : never;
