/**
 * The back office's API contract, once: every /gestao/api endpoint with its method, its path
 * (relative to GESTAO_API_BASE), who may call it, its query and body (the Yup schemas the forms
 * share with the server), and its answer (a type, and a JSON Schema for the document). The server
 * registers its routes from this table (server/gestao/gestao-endpoint-registration.ts: the guards are made from
 * `access` and `recentPassword`, and a test fails for a route the table lacks or an entry no
 * route answers); the back office calls it through src/gestao/api.ts, which checks the path's
 * parameters and the body and infers the answer; the OpenAPI document is generated from it.
 *
 * "Session" in a path means a staff login (`/session`, `/sessions`, `/users/:id/sessions`); a
 * screening is a record of type `sessions` (`/records/sessions/:id`, the content's own name), and
 * its last-minute status is `/screenings/:id/status`.
 */
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { AnyObjectSchema, InferType } from 'yup';
import { fillPattern } from '../../addresses/path-pattern';
import type { DraftClash, GridAnswer } from '../../programme/grid';
import type { SessionHistoryEntry } from '../../programme/session-history-entry';
import { clashAcceptanceSchema, CLASH_ACCEPT_ROLES } from '../../programme/clash-acceptance';
import type { AuditRecord } from '../audit-log';
import { LAST_MINUTE_ROLES, statusChangeSchema, type LastMinuteDay, type StatusChangeResult } from '../last-minute';
import type { LoginLockoutView } from '../login-lockouts';
import { MAX_UPLOAD_MB, pictureDetailsSchema, type UploadedPdf, type UploadedPicture } from '../media';
import { emailChangeSchema, invitationAcceptSchema, passwordChangeSchema, passwordResetSchema } from '../password-schemas';
import { MAX_SHEET_MB, sheetExportQuery, sheetMappingSchema, type DryRun, type ImportSummary, type SheetUpload } from '../programme-sheet';
import type { RecordOptions, RecordVersion, RecordView } from '../record-schemas';
import { PDF_UPLOAD_ROLES, PICTURE_UPLOAD_ROLES, PRINT_ROLES, PUBLISH_ROLES, RECORD_TYPES, type Role } from '../roles';
import { invitationSchema, loginSchema } from '../staff-schemas';
import type { DeviceSummary, PasskeySummary, SessionSummary } from '../staff-views';
import type { SubmissionEntry, SubmissionKind, SubmissionStatus } from '../submissions';
import { typedCopySchema, type TypedCopy } from '../typed-copy';
import {
  dryRunSchema,
  importListSchema,
  lastMinuteDaySchema,
  leaseAnswerSchema,
  statusChangeClashesSchema,
  list,
  previewLinkSchema,
  printOptionsSchema,
  sessionHistorySchema,
  ref,
  restorePreviewSchema,
  sheetUploadSchema,
  statusChangeResultSchema,
  type JsonSchema,
} from './answer-schemas';
import type {
  InvitationView,
  LeaseAnswer,
  LostChangeView,
  LinkAnswer,
  PendingInvitation,
  PrintOptions,
  DraftAnswer,
  TranslationWork,
  ReleaseSummary,
  RestorePreview,
  SavedRecord,
  ScheduledRelease,
  SessionAnswer,
  StaffUser,
  UserView,
} from './answers';
import {
  auditQuery,
  createRolesOf,
  deletePersonSchema,
  editRolesOf,
  formKindParams,
  formStatusSchema,
  gridQuery,
  lastMinuteDayQuery,
  passkeyAddSchema,
  passkeyLoginSchema,
  printProgrammeQuery,
  printVenueDayQuery,
  reauthSchema,
  recordCreateBody,
  recordCreateSchema,
  recordDeleteQuery,
  recordListQuery,
  recordSaveBody,
  recordSaveSchema,
  publishSchema,
  scheduleSchema,
  totpCodeSchema,
  userChangeSchema,
} from './request-schemas';
import {
  CURRENT_PASSWORD_WRONG,
  EMAIL_HAS_ACCOUNT,
  EMAIL_TAKEN,
  INVITATION_GONE,
  LOST_CHANGE_GONE,
  LAST_ADMIN,
  LOCKOUT_NOT_FOUND,
  MAX_PASSWORD_CHANGE_FAILURES,
  MAX_REAUTH_FAILURES,
  PASSKEY_NOT_FOUND,
  REAUTH_WRONG_PASSWORD,
  RESET_DISABLED,
  RESET_INVALID,
  TOTP_ALREADY_ON,
  TOTP_NOTHING_TO_CONFIRM,
  USER_NOT_FOUND,
} from './refusals';

export const GESTAO_API_BASE = '/gestao/api';

export type GestaoMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call an endpoint: anyone (the login and its kin), anyone logged in, or only these roles. */
export type Access = 'anyone' | 'staff' | readonly Role[];

/** An endpoint's JSON answer: its type (phantom) and, for the document, its JSON Schema. */
export interface Answer<T> {
  readonly schema?: JsonSchema;
  /** Phantom: the answer's type. */
  readonly __type?: T;
}
const answer = <T>(schema?: JsonSchema): Answer<T> => (schema ? { schema } : {});

export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429;

export interface GestaoEndpoint {
  readonly method: GestaoMethod;
  /** Relative to GESTAO_API_BASE; `:name` segments are parameters. */
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  readonly access: Access;
  /** The password given in the last five minutes (POST /reauth), checked after `access`. */
  readonly recentPassword?: true;
  /** Open to an administrator who has yet to set up a second factor (server/gestao/auth/enrolment.ts). */
  readonly beforeEnrolment?: true;
  /** Path parameters with a closed set of values or a format (the others are plain text). */
  readonly params?: AnyObjectSchema;
  readonly query?: AnyObjectSchema;
  /** The JSON body, as the Yup schema that validates it. */
  readonly body?: AnyObjectSchema;
  /** A file sent as multipart/form-data (an upload): the field's name and what it must be. */
  readonly upload?: { readonly field: string; readonly description: string };
  /** The success status: 200 unless said; 204 answers no body. */
  readonly ok?: 200 | 201 | 204;
  readonly answer?: Answer<unknown>;
  /** A file's media type, for an endpoint that answers one (a CSV, a PDF) instead of JSON. */
  readonly file?: string;
  /** Refusals the handler itself answers, beside those its guards imply: status → when. */
  readonly errors?: Partial<Record<RefusalStatus, string>>;
  /** Roles the handler itself checks, where `access` lets anyone logged in through. */
  readonly roles?: readonly Role[];
  /**
   * One operation per value of a path parameter (a record type) in the document: its body and
   * roles may differ for each.
   */
  readonly each?: {
    readonly param: string;
    readonly values: readonly string[];
    readonly body?: (value: string) => AnyObjectSchema;
    readonly roles?: (value: string) => readonly Role[];
  };
}

const endpoint = <const E extends GestaoEndpoint>(definition: E): E => definition;

const ADMIN = ['administracao'] as const satisfies readonly Role[];
const INBOX = ['formularios', 'administracao'] as const satisfies readonly Role[];
const PROGRAMMERS = ['programacao', 'administracao'] as const satisfies readonly Role[];
/** The record routes are described once per type: each type has its own fields and roles. */
const EACH_TYPE = { param: 'type', values: RECORD_TYPES };
const STALE = { 409: 'A versão guardada mudou entretanto: `stored` é o registo como está.' };
const CONFLICT = {
  409: 'Outra pessoa (ou uma reposição) mudou os mesmos campos depois de o formulário abrir: `conflicts` diz quais, com o valor lido, o guardado e o enviado; nada foi gravado.',
};

export const gestaoEndpoints = {
  // The staff session: who is logged in, logging in and out, the sessions one may end.
  staffSession: endpoint({
    method: 'GET',
    path: '/session',
    summary: 'A sessão: o código CSRF e quem tem a sessão iniciada',
    access: 'anyone',
    beforeEnrolment: true,
    answer: answer<SessionAnswer>(ref('SessionAnswer')),
  }),
  login: endpoint({
    method: 'POST',
    path: '/session',
    summary: 'Iniciar sessão',
    access: 'anyone',
    beforeEnrolment: true,
    body: loginSchema,
    answer: answer<SessionAnswer>(ref('SessionAnswer')),
    errors: {
      401: 'Email ou palavra-passe incorretos; `totpRequired: true` pede (ou recusa) o código de dois passos.',
      429: 'Demasiadas tentativas falhadas: `Retry-After` diz quando tentar de novo.',
    },
  }),
  logout: endpoint({
    method: 'DELETE',
    path: '/session',
    summary: 'Terminar a sessão',
    access: 'anyone',
    beforeEnrolment: true,
    ok: 204,
  }),
  staffSessions: endpoint({
    method: 'GET',
    path: '/sessions',
    summary: 'As sessões abertas da própria conta',
    access: 'staff',
    answer: answer<{ sessions: SessionSummary[] }>(ref('Sessions')),
  }),
  userStaffSessions: endpoint({
    method: 'GET',
    path: '/users/:id/sessions',
    summary: 'As sessões abertas de uma conta',
    access: ADMIN,
    answer: answer<{ sessions: SessionSummary[] }>(ref('Sessions')),
  }),
  endStaffSession: endpoint({
    method: 'DELETE',
    path: '/sessions/:handle',
    summary: 'Terminar uma sessão (de outra conta: só Administração)',
    access: 'staff',
    recentPassword: true,
    ok: 204,
  }),
  staffDevices: endpoint({
    method: 'GET',
    path: '/devices',
    summary: 'Os dispositivos em que a própria conta entrou (cada um com as suas tentativas de palavra-passe)',
    access: 'staff',
    answer: answer<{ devices: DeviceSummary[] }>(ref('Devices')),
  }),
  forgetStaffDevice: endpoint({
    method: 'DELETE',
    path: '/devices/:id',
    summary: 'Esquecer um dispositivo da própria conta',
    access: 'staff',
    ok: 204,
  }),

  // The team: accounts and invitations.
  users: endpoint({
    method: 'GET',
    path: '/users',
    summary: 'As contas da equipa',
    access: ADMIN,
    answer: answer<{ users: UserView[] }>(),
  }),
  invite: endpoint({
    method: 'POST',
    path: '/invitations',
    summary: 'Convidar alguém: uma ligação de uso único, enviada por e-mail',
    description:
      'Com SMTP configurado, a ligação vai por e-mail à pessoa (`delivery: email`); sem ele, ou se o servidor de correio a recusar (`mailProblem`), vem na resposta para a entregar à mão (`delivery: link`).',
    access: ADMIN,
    recentPassword: true,
    body: invitationSchema,
    answer: answer<LinkAnswer>(),
    errors: { 409: `${EMAIL_HAS_ACCOUNT} (\`userId\` e \`resetPath\`: a rota que envia essa ligação)` },
  }),
  pendingInvitations: endpoint({
    method: 'GET',
    path: '/pending-invitations',
    summary: 'Os convites ainda não aceites (os expirados também, para reenviar)',
    access: ADMIN,
    answer: answer<{ invitations: PendingInvitation[] }>(),
  }),
  resendInvitation: endpoint({
    method: 'POST',
    path: '/pending-invitations/:id/resend',
    summary: 'Reenviar um convite: uma ligação nova, por mais 72 horas',
    description: 'A ligação anterior deixa de servir. Entregue como o convite (`delivery`).',
    access: ADMIN,
    recentPassword: true,
    answer: answer<LinkAnswer>(),
    errors: { 404: INVITATION_GONE },
  }),
  withdrawInvitation: endpoint({
    method: 'DELETE',
    path: '/pending-invitations/:id',
    summary: 'Retirar um convite: a ligação deixa de servir',
    access: ADMIN,
    ok: 204,
    errors: { 404: INVITATION_GONE },
  }),
  invitation: endpoint({
    method: 'GET',
    path: '/invitations/:token',
    summary: 'Abrir um convite',
    access: 'anyone',
    answer: answer<InvitationView>(),
  }),
  acceptInvitation: endpoint({
    method: 'POST',
    path: '/invitations/:token',
    summary: 'Aceitar um convite: a palavra-passe, e a sessão fica iniciada',
    access: 'anyone',
    body: invitationAcceptSchema,
    answer: answer<SessionAnswer>(ref('SessionAnswer')),
  }),
  changeUser: endpoint({
    method: 'PATCH',
    path: '/users/:id',
    summary: 'Mudar a função de uma conta ou desativá-la',
    access: ADMIN,
    recentPassword: true,
    body: userChangeSchema,
    answer: answer<{ user: UserView }>(),
    errors: { 409: LAST_ADMIN },
  }),
  loginLockouts: endpoint({
    method: 'GET',
    path: '/login-lockouts',
    summary: 'Os bloqueios por tentativas falhadas em vigor',
    description:
      'Cada contador de entradas falhadas acima do limite: `scope` account (a conta, para dispositivos desconhecidos), ' +
      'address (um endereço, entradas com palavra-passe), device (um dispositivo conhecido da conta) ou passkey (um endereço, ' +
      'entradas com chave de acesso); `until`, quando deixa de recusar.',
    access: ADMIN,
    answer: answer<{ lockouts: LoginLockoutView[] }>(),
  }),
  liftLoginLockout: endpoint({
    method: 'DELETE',
    path: '/login-lockouts/:id',
    summary: 'Levantar um bloqueio por tentativas falhadas',
    access: ADMIN,
    recentPassword: true,
    ok: 204,
    errors: { 404: LOCKOUT_NOT_FOUND },
  }),

  audit: endpoint({
    method: 'GET',
    path: '/audit',
    summary: 'O registo de auditoria',
    access: ADMIN,
    query: auditQuery,
    answer: answer<{ entries: AuditRecord[] }>(),
    errors: { 400: 'Um filtro inválido (a mensagem diz qual).' },
  }),
  // The CSV leaves the back office with people's addresses: the password again first.
  auditCsv: endpoint({
    method: 'GET',
    path: '/audit.csv',
    summary: 'O registo de auditoria em CSV',
    access: ADMIN,
    recentPassword: true,
    query: auditQuery,
    file: 'text/csv',
    errors: { 400: 'Um filtro inválido (a mensagem diz qual).' },
  }),

  // A second factor: the two-step login and passkeys.
  totpSetup: endpoint({
    method: 'POST',
    path: '/totp/setup',
    summary: 'Preparar a verificação em dois passos (otpauth://)',
    access: 'staff',
    beforeEnrolment: true,
    answer: answer<{ uri: string; secret: string }>(),
    errors: { 409: TOTP_ALREADY_ON },
  }),
  totpConfirm: endpoint({
    method: 'POST',
    path: '/totp/confirm',
    summary: 'Ativar a verificação em dois passos com um primeiro código',
    access: 'staff',
    beforeEnrolment: true,
    body: totpCodeSchema,
    answer: answer<{ totpEnabled: true }>(),
    errors: { 409: `${TOTP_ALREADY_ON} / ${TOTP_NOTHING_TO_CONFIRM}` },
  }),
  // Someone's second factor: the password again first, as for a change of role.
  userTotpOff: endpoint({
    method: 'DELETE',
    path: '/users/:id/totp',
    summary: 'Desligar a verificação em dois passos de uma conta',
    access: ADMIN,
    recentPassword: true,
    ok: 204,
  }),
  passkeys: endpoint({
    method: 'GET',
    path: '/passkeys',
    summary: 'As chaves de acesso da própria conta',
    access: 'staff',
    beforeEnrolment: true,
    answer: answer<{ passkeys: PasskeySummary[] }>(),
  }),
  passkeyOptions: endpoint({
    method: 'POST',
    path: '/passkeys/options',
    summary: 'Opções WebAuthn para criar uma chave de acesso (desafio de 2 minutos, válido uma vez)',
    access: 'staff',
    beforeEnrolment: true,
    answer: answer<PublicKeyCredentialCreationOptionsJSON>(),
  }),
  addPasskey: endpoint({
    method: 'POST',
    path: '/passkeys',
    summary: 'Guardar uma chave de acesso nova',
    description: 'Corpo: `{ name, credential }`, com `credential` a resposta de navigator.credentials.create() em JSON (SimpleWebAuthn).',
    access: 'staff',
    beforeEnrolment: true,
    body: passkeyAddSchema,
    answer: answer<{ passkey: PasskeySummary }>(),
    errors: { 400: 'Nome inválido, ou a chave não foi verificada.' },
  }),
  removePasskey: endpoint({
    method: 'DELETE',
    path: '/passkeys/:id',
    summary: 'Remover uma chave de acesso da própria conta',
    access: 'staff',
    recentPassword: true,
    ok: 204,
    errors: { 404: PASSKEY_NOT_FOUND },
  }),
  passkeyLoginOptions: endpoint({
    method: 'POST',
    path: '/passkey-login/options',
    summary: 'Opções WebAuthn para entrar com uma chave de acesso',
    access: 'anyone',
    beforeEnrolment: true,
    answer: answer<PublicKeyCredentialRequestOptionsJSON>(),
  }),
  passkeyLogin: endpoint({
    method: 'POST',
    path: '/passkey-login',
    summary: 'Entrar com uma chave de acesso (conta os dois fatores)',
    description: 'Corpo: `{ credential }`, a resposta de navigator.credentials.get() em JSON. Responde como POST /gestao/api/session.',
    access: 'anyone',
    beforeEnrolment: true,
    body: passkeyLoginSchema,
    answer: answer<SessionAnswer>(),
    errors: { 401: 'A chave não foi reconhecida ou verificada.' },
  }),
  reauth: endpoint({
    method: 'POST',
    path: '/reauth',
    summary: 'A palavra-passe outra vez',
    access: 'staff',
    body: reauthSchema,
    answer: answer<{ reauthAt: string }>(),
    errors: {
      401: `${REAUTH_WRONG_PASSWORD} À ${MAX_REAUTH_FAILURES}.ª resposta errada seguida, a sessão termina (\`sessionEnded: true\`).`,
    },
  }),

  // One's own credentials, and an administrator's help with someone else's.
  changePassword: endpoint({
    method: 'POST',
    path: '/account/password',
    summary: 'Mudar a própria palavra-passe',
    description:
      'Pede a palavra-passe atual (conta como a palavra-passe outra vez) e a nova; termina todas as outras sessões da pessoa. ' +
      `À ${MAX_PASSWORD_CHANGE_FAILURES}.ª palavra-passe atual errada seguida, a sessão termina (\`sessionEnded: true\`).`,
    access: 'staff',
    body: passwordChangeSchema,
    answer: answer<{ otherSessionsEnded: number }>(),
    errors: {
      400: 'A palavra-passe nova é recusada: `field` diz o campo e a mensagem diz porquê e o que passaria.',
      401: CURRENT_PASSWORD_WRONG,
    },
  }),
  changeEmail: endpoint({
    method: 'PUT',
    path: '/account/email',
    summary: 'Mudar o próprio e-mail',
    access: 'staff',
    recentPassword: true,
    body: emailChangeSchema,
    answer: answer<{ user: StaffUser }>(),
    errors: { 409: EMAIL_TAKEN },
  }),
  sendPasswordReset: endpoint({
    method: 'POST',
    path: '/users/:id/password-reset',
    summary: 'Enviar a alguém uma ligação para repor a palavra-passe',
    description:
      'Uma ligação de uso único, válida 72 horas; substitui as anteriores da mesma conta. A verificação em dois passos e as chaves de acesso ficam.',
    access: ADMIN,
    recentPassword: true,
    answer: answer<LinkAnswer & { email: string }>(),
    errors: { 404: USER_NOT_FOUND, 409: RESET_DISABLED },
  }),
  passwordReset: endpoint({
    method: 'GET',
    path: '/password-resets/:token',
    summary: 'Abrir uma ligação para repor a palavra-passe',
    access: 'anyone',
    answer: answer<{ email: string; expiresAt: string }>(),
    errors: { 404: RESET_INVALID },
  }),
  redeemPasswordReset: endpoint({
    method: 'POST',
    path: '/password-resets/:token',
    summary: 'Repor a palavra-passe com a ligação',
    description:
      'Guarda a palavra-passe nova e termina todas as sessões da pessoa; não abre nenhuma: a entrada seguinte pede o segundo fator, se houver.',
    access: 'anyone',
    body: passwordResetSchema,
    answer: answer<{ email: string }>(),
    errors: { 400: 'A palavra-passe nova é recusada (a mensagem diz porquê e o que passaria).', 404: RESET_INVALID },
  }),
  removeUserPasskeys: endpoint({
    method: 'DELETE',
    path: '/users/:id/passkeys',
    summary: 'Remover todas as chaves de acesso de uma conta',
    description:
      'Para quem perdeu a sua chave: a entrada seguinte é com a palavra-passe (e um administrador configura outro segundo fator).',
    access: ADMIN,
    recentPassword: true,
    ok: 204,
    errors: { 404: USER_NOT_FOUND },
  }),

  // The forms inbox.
  formEntries: endpoint({
    method: 'GET',
    path: '/forms/:kind',
    summary: 'Os pedidos de um formulário',
    access: INBOX,
    params: formKindParams,
    answer: answer<{ entries: SubmissionEntry[] }>(),
  }),
  markFormEntry: endpoint({
    method: 'PATCH',
    path: '/forms/:kind/:id',
    summary: 'Marcar um pedido como novo ou tratado',
    access: INBOX,
    params: formKindParams,
    body: formStatusSchema,
    answer: answer<{ status: SubmissionStatus }>(),
  }),
  formEntriesCsv: endpoint({
    method: 'GET',
    path: '/forms/:kind/export.csv',
    summary: 'Os pedidos de um formulário em CSV',
    access: INBOX,
    recentPassword: true,
    params: formKindParams,
    file: 'text/csv',
  }),
  deletePerson: endpoint({
    method: 'POST',
    path: '/forms/delete-person',
    summary: 'Apagar os dados de uma pessoa',
    access: INBOX,
    recentPassword: true,
    body: deletePersonSchema,
    answer: answer<{ deleted: Record<SubmissionKind, number> }>(),
  }),

  // Last-minute changes, from a phone at the venue's door.
  lastMinuteDay: endpoint({
    method: 'GET',
    path: '/last-minute',
    summary: 'As sessões publicadas de um dia do festival, para as alterações de última hora',
    access: LAST_MINUTE_ROLES,
    query: lastMinuteDayQuery,
    answer: answer<LastMinuteDay>(lastMinuteDaySchema),
  }),
  screeningStatus: endpoint({
    method: 'POST',
    path: '/screenings/:id/status',
    summary: 'Mudar o estado de uma sessão e publicá-lo já (só essa sessão; o rascunho fica como está)',
    access: LAST_MINUTE_ROLES,
    body: statusChangeSchema,
    answer: answer<StatusChangeResult>(statusChangeResultSchema),
    errors: {
      400: 'Um campo por corrigir (`errors` diz qual) ou nada a mudar.',
      404: 'A sessão não existe ou não está publicada.',
      409: 'A versão guardada mudou entretanto (`stored` é a sessão como está), ou a mudança cria um conflito que bloqueia (`clashes`): repita com `clash_reason` para o aceitar.',
    },
  }),

  screeningStatusClashes: endpoint({
    method: 'POST',
    path: '/screenings/:id/status/clashes',
    summary: 'Os conflitos que uma mudança de estado, sala ou hora criaria, antes de a publicar (nada é escrito)',
    description:
      'Só os conflitos em que a sessão entra na nova sala e hora, cada um com a sua aceitação: os outros do programa não são desta mudança. Um conflito que bloqueia publica-se com `clash_reason` em POST /screenings/:id/status.',
    access: LAST_MINUTE_ROLES,
    body: statusChangeSchema,
    answer: answer<{ clashes: DraftClash[] }>(statusChangeClashesSchema),
    errors: {
      400: 'Um campo por corrigir (`errors` diz qual).',
      404: 'A sessão não existe ou não está publicada.',
      409: 'A versão guardada mudou entretanto (`stored` é a sessão como está).',
    },
  }),

  // The printed programme, from published content.
  printOptions: endpoint({
    method: 'GET',
    path: '/print/options',
    summary: 'O que se pode imprimir: cidades, salas e dias do festival (do conteúdo publicado)',
    access: PRINT_ROLES,
    answer: answer<PrintOptions>(printOptionsSchema),
  }),
  printProgramme: endpoint({
    method: 'GET',
    path: '/print/programme',
    summary: 'O programa de uma cidade em PDF (A4), de uma publicação',
    access: PRINT_ROLES,
    query: printProgrammeQuery,
    file: 'application/pdf',
    errors: {
      400: 'Falta a cidade, ou a publicação não é um número nem `latest`.',
      404: 'A cidade ou a publicação não existe (a cidade, nessa publicação).',
    },
  }),
  printVenueDay: endpoint({
    method: 'GET',
    path: '/print/venue-day',
    summary: '«Hoje nesta sala»: as sessões de uma sala num dia, numa folha A4 em PDF (conteúdo publicado)',
    access: PRINT_ROLES,
    query: printVenueDayQuery,
    file: 'application/pdf',
    errors: { 400: 'Falta a sala ou o dia, ou o dia não se escreve AAAA-MM-DD.', 404: 'A sala não existe, ou o dia não é do festival.' },
  }),

  // Content: records in the draft, publishing and rollback.
  records: endpoint({
    method: 'GET',
    path: '/records/:type',
    summary: 'Os registos de um tipo, com o rascunho',
    access: 'staff',
    query: recordListQuery,
    answer: answer<RecordView[]>(list(ref('RecordView'))),
    each: EACH_TYPE,
  }),
  record: endpoint({
    method: 'GET',
    path: '/records/:type/:id',
    summary: 'Um registo (publicado ou do rascunho)',
    access: 'staff',
    answer: answer<RecordView>(ref('RecordView')),
    each: EACH_TYPE,
  }),
  recordHistory: endpoint({
    method: 'GET',
    path: '/records/:type/:id/history',
    summary: 'As versões guardadas de um registo',
    access: 'staff',
    answer: answer<RecordVersion[]>(list(ref('RecordVersion'))),
    each: EACH_TYPE,
  }),
  createRecord: endpoint({
    method: 'POST',
    path: '/records/:type',
    summary: 'Novo registo, no rascunho',
    access: 'staff',
    body: recordCreateBody,
    ok: 201,
    answer: answer<RecordView>(ref('RecordView')),
    each: { ...EACH_TYPE, body: recordCreateSchema, roles: createRolesOf },
  }),
  saveRecord: endpoint({
    method: 'PUT',
    path: '/records/:type/:id',
    summary: 'Gravar um registo, no rascunho',
    access: 'staff',
    description:
      'Uma gravação feita sobre uma versão anterior junta-se campo a campo: os campos que só ela mudou ficam, os que só outros mudaram também (`merged` diz quais e de quem).',
    body: recordSaveBody,
    answer: answer<SavedRecord>(ref('SavedRecord')),
    errors: CONFLICT,
    each: { ...EACH_TYPE, body: recordSaveSchema, roles: editRolesOf },
  }),
  deleteRecord: endpoint({
    method: 'DELETE',
    path: '/records/:type/:id',
    summary: 'Apagar um registo, no rascunho',
    access: 'staff',
    query: recordDeleteQuery,
    ok: 204,
    errors: { 400: 'O registo está em uso por outros (diz por quantos).', ...STALE },
    each: { ...EACH_TYPE, roles: createRolesOf },
  }),
  lostChanges: endpoint({
    method: 'GET',
    path: '/lost-changes',
    summary: 'Os valores desta pessoa que outra substituiu ao resolver um conflito, ainda por ver',
    access: 'staff',
    answer: answer<LostChangeView[]>(),
  }),
  restoreLostChange: endpoint({
    method: 'POST',
    path: '/lost-changes/:id/restore',
    summary: 'Repor no rascunho um valor perdido: uma gravação desta pessoa sobre o registo como está',
    access: 'staff',
    answer: answer<SavedRecord>(ref('SavedRecord')),
    errors: { 404: LOST_CHANGE_GONE },
  }),
  dismissLostChange: endpoint({
    method: 'DELETE',
    path: '/lost-changes/:id',
    summary: 'Dispensar o aviso de um valor perdido',
    access: 'staff',
    ok: 204,
    errors: { 404: LOST_CHANGE_GONE },
  }),
  // Who has a record's form open: renewed every 30 s while it is open (record-lease.ts); it locks nothing.
  holdLease: endpoint({
    method: 'PUT',
    path: '/records/:type/:id/lease',
    summary: 'Ter o formulário de um registo aberto (renovado a cada 30 s): responde quem mais o tem aberto',
    description: 'Não impede ninguém de gravar: as gravações juntam-se campo a campo. Sem renovação durante 2 minutos, deixa de contar.',
    access: 'staff',
    answer: answer<LeaseAnswer>(leaseAnswerSchema),
    each: { ...EACH_TYPE, roles: editRolesOf },
  }),
  releaseLease: endpoint({
    method: 'DELETE',
    path: '/records/:type/:id/lease',
    summary: 'Fechar o formulário de um registo',
    access: 'staff',
    ok: 204,
    each: EACH_TYPE,
  }),
  recordOptions: endpoint({
    method: 'GET',
    path: '/options',
    summary: 'O que os formulários escolhem: secções, salas, filmes…',
    access: 'staff',
    answer: answer<RecordOptions>(),
  }),
  translationWork: endpoint({
    method: 'GET',
    path: '/translations',
    summary: 'O que falta traduzir (por traduzir, a rever), por língua, no rascunho: cada campo com o endereço do seu formulário',
    access: 'staff',
    answer: answer<TranslationWork>(),
  }),
  draft: endpoint({
    method: 'GET',
    path: '/draft',
    summary: 'O que o rascunho muda (changelog), e o rascunho de cada registo: de quem é e o que muda',
    access: 'staff',
    answer: answer<DraftAnswer>(),
  }),
  releases: endpoint({
    method: 'GET',
    path: '/releases',
    summary: 'As publicações',
    access: 'staff',
    answer: answer<ReleaseSummary[]>(list(ref('Release'))),
  }),
  // A link that opens the draft's preview for 24 h without an account (to send to a director or a sponsor).
  previewLink: endpoint({
    method: 'POST',
    path: '/draft/preview-links',
    summary: 'Criar uma ligação de pré-visualização do rascunho, válida 24 horas, para quem não tem conta',
    access: 'staff',
    roles: PUBLISH_ROLES,
    ok: 201,
    answer: answer<{ url: string; expiresAt: string }>(previewLinkSchema),
  }),
  publish: endpoint({
    method: 'POST',
    path: '/releases',
    summary: 'Publicar o rascunho, ou só os rascunhos escolhidos',
    access: 'staff',
    roles: PUBLISH_ROLES,
    body: publishSchema,
    ok: 201,
    answer: answer<ReleaseSummary>(ref('Release')),
    errors: {
      400: 'Não há alterações por publicar.',
      409: 'O programa tem conflitos que impedem a publicação (`clashes`): resolva-os ou aceite-os com motivo.',
    },
  }),
  scheduledReleases: endpoint({
    method: 'GET',
    path: '/releases/scheduled',
    summary: 'As publicações agendadas',
    access: 'staff',
    answer: answer<ScheduledRelease[]>(list(ref('ScheduledRelease'))),
  }),
  schedule: endpoint({
    method: 'POST',
    path: '/releases/scheduled',
    summary: 'Agendar uma publicação dos rascunhos escolhidos',
    access: 'staff',
    roles: PUBLISH_ROLES,
    body: scheduleSchema,
    ok: 201,
    answer: answer<{ id: string; runAt: string }>(),
  }),
  // Cancelling a publication is deciding what visitors see: the roles that publish, no others.
  unschedule: endpoint({
    method: 'DELETE',
    path: '/releases/scheduled/:id',
    summary: 'Cancelar uma publicação agendada',
    access: PUBLISH_ROLES,
    ok: 204,
    errors: { 409: 'Já não está agendada.' },
  }),
  restorePreview: endpoint({
    method: 'GET',
    path: '/releases/:number/restore',
    summary: 'O que repor uma publicação anterior desfaria, e o rascunho que fica por publicar',
    access: ADMIN,
    answer: answer<RestorePreview>(restorePreviewSchema),
  }),
  // Rolling the whole site back asks for the password again (unless given in the last minutes).
  restore: endpoint({
    method: 'POST',
    path: '/releases/:number/restore',
    summary: 'Voltar o site a uma publicação anterior',
    access: 'staff',
    recentPassword: true,
    roles: ADMIN,
    ok: 201,
    answer: answer<ReleaseSummary>(ref('Release')),
  }),

  // Each person's typing not saved yet. Who edits content keeps copies; the other roles have no form to type into.
  typedCopy: endpoint({
    method: 'GET',
    path: '/typed/:type/:id',
    summary: 'O que a pessoa escreveu num registo e ainda não gravou (ou null)',
    access: PUBLISH_ROLES,
    answer: answer<{ copy: TypedCopy | null }>(),
  }),
  keepTypedCopy: endpoint({
    method: 'PUT',
    path: '/typed/:type/:id',
    summary: 'Guardar o que a pessoa escreveu e ainda não gravou (substitui a cópia anterior)',
    access: PUBLISH_ROLES,
    body: typedCopySchema,
    answer: answer<{ savedAt: string }>(),
    errors: {
      400: 'Não é uma cópia dos campos deste formulário.',
      404: 'O tipo ou o identificador não existem.',
      413: 'O texto escrito é grande demais.',
    },
  }),
  forgetTypedCopy: endpoint({
    method: 'DELETE',
    path: '/typed/:type/:id',
    summary: 'Esquecer a cópia do que a pessoa escreveu',
    access: PUBLISH_ROLES,
    ok: 204,
  }),

  // Uploads.
  pictures: endpoint({
    method: 'GET',
    path: '/media/pictures',
    summary: 'As imagens carregadas, com o texto alternativo e o ponto focal',
    access: PICTURE_UPLOAD_ROLES,
    answer: answer<UploadedPicture[]>(),
  }),
  uploadPicture: endpoint({
    method: 'POST',
    path: '/media/pictures',
    summary: 'Carregar uma imagem (JPEG, PNG, WebP ou AVIF; os metadados são retirados)',
    access: PICTURE_UPLOAD_ROLES,
    ok: 201,
    upload: { field: 'ficheiro', description: `Lida pelo conteúdo, não pelo nome; até ${MAX_UPLOAD_MB} MB.` },
    answer: answer<UploadedPicture>(),
    errors: { 400: 'Não chegou nenhum ficheiro.', 413: 'O ficheiro é grande demais.', 415: 'Não é uma imagem que se possa ler.' },
  }),
  pictureDetails: endpoint({
    method: 'PUT',
    path: '/media/pictures/uploads/:name',
    summary: 'O texto alternativo e o ponto focal de uma imagem carregada',
    access: PICTURE_UPLOAD_ROLES,
    body: pictureDetailsSchema,
    answer: answer<UploadedPicture>(),
    errors: { 404: 'Esta imagem não existe.' },
  }),
  uploadPdf: endpoint({
    method: 'POST',
    path: '/media/pdfs',
    summary: 'Carregar o PDF de um material de imprensa ou de um anexo do programa',
    access: PDF_UPLOAD_ROLES,
    ok: 201,
    upload: { field: 'ficheiro', description: `Um PDF que se abre, com pelo menos uma página; até ${MAX_UPLOAD_MB} MB.` },
    answer: answer<UploadedPdf>(),
    errors: { 400: 'Não chegou nenhum ficheiro.', 413: 'O ficheiro é grande demais.', 415: 'Não é um PDF que se possa abrir.' },
  }),

  // The schedule grid and its clashes.
  grid: endpoint({
    method: 'GET',
    path: '/grid',
    summary: 'A grelha de uma cidade: salas, dias, sessões do rascunho e os conflitos do programa',
    access: CLASH_ACCEPT_ROLES,
    query: gridQuery,
    answer: answer<GridAnswer>(),
  }),
  sessionHistory: endpoint({
    method: 'GET',
    path: '/grid/sessions/:id/history',
    summary: 'O histórico de uma sessão: quem a mudou, quando, e de quê para quê (a mais recente primeiro)',
    access: CLASH_ACCEPT_ROLES,
    answer: answer<SessionHistoryEntry[]>(sessionHistorySchema),
    errors: { 404: 'A sessão não existe.' },
  }),
  // Read by whoever publishes: the publish screen lists them before the button.
  clashes: endpoint({
    method: 'GET',
    path: '/clashes',
    summary: 'Os conflitos do programa no rascunho, com as aceitações',
    access: PUBLISH_ROLES,
    answer: answer<DraftClash[]>(list(ref('Clash'))),
  }),
  acceptClash: endpoint({
    method: 'POST',
    path: '/clashes/accept',
    summary: 'Aceitar um conflito do programa com um motivo (fica no registo)',
    access: CLASH_ACCEPT_ROLES,
    body: clashAcceptanceSchema,
    answer: answer<DraftClash>(ref('Clash')),
    errors: { 400: 'Falta o motivo, ou tem menos de 10 caracteres.', 409: 'O conflito já não existe: uma das sessões mudou.' },
  }),

  // The programme to and from a spreadsheet.
  exportProgramme: endpoint({
    method: 'GET',
    path: '/programme/export',
    summary: 'O programa do rascunho numa folha de cálculo (uma linha por sessão)',
    description:
      'Com format=csv, text/csv em UTF-8 com BOM; com format=xlsx, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet. ' +
      'As colunas: codigo, filme, cidade, sala, data, hora, convidados, estado, motivo.',
    access: PROGRAMMERS,
    query: sheetExportQuery,
    file: 'text/csv',
  }),
  uploadProgramme: endpoint({
    method: 'POST',
    path: '/programme/imports',
    summary: 'Enviar uma folha do programa (CSV ou XLSX): os títulos das colunas e a correspondência proposta',
    access: PROGRAMMERS,
    ok: 201,
    upload: {
      field: 'ficheiro',
      description: `CSV (UTF-8, UTF-16 com BOM ou Windows-1252; vírgula, ponto e vírgula ou tabulação) ou XLSX, lido pelo conteúdo; até ${MAX_SHEET_MB} MB.`,
    },
    answer: answer<SheetUpload>(sheetUploadSchema),
    errors: { 400: 'Não chegou nenhum ficheiro, ou não se consegue ler.', 413: 'O ficheiro é grande demais.' },
  }),
  programmeImports: endpoint({
    method: 'GET',
    path: '/programme/imports',
    summary: 'As importações aplicadas, da mais recente',
    access: PROGRAMMERS,
    answer: answer<ImportSummary[]>(importListSchema),
  }),
  dryRunImport: endpoint({
    method: 'POST',
    path: '/programme/imports/:id/dry-run',
    summary: 'Simular uma importação: o que cada linha faria, sem mudar nada',
    access: PROGRAMMERS,
    body: sheetMappingSchema,
    answer: answer<DryRun>(dryRunSchema),
    errors: { 404: 'Esta importação não existe.', 409: 'Já foi aplicada.' },
  }),
  applyImport: endpoint({
    method: 'POST',
    path: '/programme/imports/:id/apply',
    summary: 'Aplicar uma importação: as linhas sem erros passam a rascunhos de sessões',
    access: PROGRAMMERS,
    body: sheetMappingSchema,
    answer: answer<DryRun & { created: number; changed: number }>(dryRunSchema),
    errors: { 400: 'Não há linhas por aplicar.', 404: 'Esta importação não existe.', 409: 'Já foi aplicada.' },
  }),
  undoImport: endpoint({
    method: 'POST',
    path: '/programme/imports/:id/undo',
    summary: 'Anular uma importação: cada sessão que mudou volta ao que era',
    access: PROGRAMMERS,
    answer: answer<{ restored: number }>({ type: 'object', properties: { restored: { type: 'integer' } }, required: ['restored'] }),
    errors: { 404: 'Esta importação não existe.', 409: 'Já foi anulada, ou publicada, ou as sessões mudaram depois dela.' },
  }),

  // Made once all routes are registered: it holds no data, so no login is asked.
  openApi: endpoint({
    method: 'GET',
    path: '/openapi.json',
    summary: 'Este documento (OpenAPI 3.1)',
    access: 'anyone',
    answer: answer<Record<string, unknown>>(),
  }),
} as const;

export type GestaoEndpoints = typeof gestaoEndpoints;
export type GestaoEndpointName = keyof GestaoEndpoints;

/** The names of a path's `:name` segments. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** An endpoint's path parameters: each text or a number. */
export type ParamsOf<E extends GestaoEndpoint> = { [Name in PathParamNames<E['path']>]: string | number };
/** Its query, as its schema says (the keys it may leave out are optional). */
export type QueryOf<E extends GestaoEndpoint> = E extends { readonly query: infer Q extends AnyObjectSchema } ? InferType<Q> : never;
/** Its JSON body, as its schema says. */
export type BodyOf<E extends GestaoEndpoint> = E extends { readonly body: infer B extends AnyObjectSchema } ? InferType<B> : never;
/** What it answers: its JSON, a file (Blob), or nothing (null, a 204). */
export type AnswerOf<E extends GestaoEndpoint> = E extends { readonly answer: Answer<infer T> }
  ? T
  : E extends { readonly file: string }
    ? Blob
    : null;

/** What a call names besides the endpoint: its path parameters, its query and its body, each only where it has one. */
export type InputOf<E extends GestaoEndpoint> = ([PathParamNames<E['path']>] extends [never]
  ? { params?: never }
  : { params: ParamsOf<E> }) &
  (E extends { readonly query: AnyObjectSchema }
    ? object extends QueryOf<E>
      ? { query?: QueryOf<E> }
      : { query: QueryOf<E> }
    : { query?: never }) &
  (E extends { readonly body: AnyObjectSchema } ? { body: BodyOf<E> } : { body?: never });

/** The endpoint's address relative to GESTAO_API_BASE, its parameters filled in and its query appended. */
export function gestaoPath(endpoint: GestaoEndpoint, input: { params?: object; query?: object } = {}): string {
  const path = fillPattern(endpoint.path, (input.params ?? {}) as Record<string, string | number>);
  const query = Object.entries(input.query ?? {})
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}
