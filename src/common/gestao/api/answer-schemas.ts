/**
 * The JSON Schemas of /gestao/api's answers, for its OpenAPI document: named ones (shared by
 * several endpoints, referred to with `ref`) and those of a single endpoint. The TypeScript
 * types beside the code that makes each answer are the source; the document's test validates real
 * answers against these schemas.
 */
import { ROLES } from '../roles';
import { SHEET_ENCODINGS } from '../programme-sheet';

export type JsonSchema = Record<string, unknown>;

const str = { type: 'string' };
const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties, required: Object.keys(properties) });
const nullable = (type: string): JsonSchema => ({ type: [type, 'null'] });
export const list = (items: JsonSchema): JsonSchema => ({ type: 'array', items });

/** A record as the back office reads it (src/common/gestao/record-schemas.ts RecordView). */
const recordView: JsonSchema = {
  type: 'object',
  properties: {
    type: { type: 'string' },
    id: { type: 'string' },
    fields: { type: 'object', additionalProperties: { type: ['string', 'number', 'null'] } },
    version: { type: 'integer', minimum: 0, description: 'A versão que a próxima escrita tem de indicar (baseVersion).' },
    state: { enum: ['publicado', 'alterado', 'novo', 'apagado'] },
  },
  required: ['type', 'id', 'fields', 'version', 'state'],
};

const fieldValue: JsonSchema = { type: ['string', 'number', 'null', 'array'] };

/** Schemas the answers refer to by name (components of the document). */
export const NAMED_ANSWER_SCHEMAS = {
  RecordView: recordView,
  /** answers.ts SavedRecord */
  SavedRecord: {
    ...recordView,
    properties: {
      ...(recordView.properties as Record<string, JsonSchema>),
      merged: {
        type: 'array',
        description: 'As alterações de outras pessoas, guardadas depois de o formulário abrir, que a gravação manteve (por quem as fez).',
        items: obj({ by: str, fields: { type: 'array', items: str } }),
      },
    },
    required: [...(recordView.required as string[]), 'merged'],
  },
  /** answers.ts FieldConflict */
  FieldConflict: {
    type: 'object',
    properties: {
      field: str,
      base: { ...fieldValue, description: 'O valor lido; falta quando não se sabe.' },
      theirs: { ...fieldValue, description: 'O valor guardado agora, por `by` em `at`.' },
      mine: fieldValue,
      by: str,
      at: str,
    },
    required: ['field', 'theirs', 'mine', 'by', 'at'],
  },
  /** record-schemas.ts RecordVersion */
  RecordVersion: obj({
    version: { type: 'integer' },
    at: str,
    actorEmail: str,
    changedFields: { type: 'array', items: str },
    releaseNumber: nullable('integer'),
    fields: { type: ['object', 'null'], description: 'null: esta versão apagou o registo.' },
  }),
  /** answers.ts ReleaseSummary */
  Release: obj({
    number: { type: 'integer' },
    publishedAt: str,
    publishedBy: str,
    kind: { enum: ['publicacao', 'reposicao', 'importacao'] },
    changelog: { type: 'array', items: str },
  }),
  /** answers.ts ScheduledRelease */
  ScheduledRelease: obj({
    id: str,
    runAt: str,
    createdBy: str,
    state: { enum: ['agendada', 'a publicar', 'publicada', 'cancelada', 'falhou'] },
    releaseNumber: nullable('integer'),
    message: nullable('string'),
    drafts: {
      oneOf: [{ type: 'array', items: obj({ type: str, id: str, by: str }) }, { type: 'null' }],
      description: 'Os rascunhos escolhidos e de quem são; null: o rascunho inteiro.',
    },
  }),
  /** src/common/programme/grid.ts DraftClash */
  Clash: obj({
    key: { type: 'string', description: 'Muda quando uma das sessões muda de sala ou de hora: a aceitação caduca.' },
    kind: { enum: ['sala', 'intervalo', 'horario', 'convidado', 'viagem', 'filme'] },
    severity: { enum: ['block', 'warning'], description: 'block impede a publicação até ser aceite com motivo.' },
    sessionIds: { type: 'array', items: { type: 'integer' } },
    message: str,
    acceptance: { oneOf: [obj({ key: str, reason: str, acceptedBy: str, acceptedAt: str }), { type: 'null' }] },
  }),
  /** staff-views.ts SessionSummary */
  Sessions: obj({
    sessions: {
      type: 'array',
      items: obj({
        id: str,
        createdAt: str,
        lastSeenAt: str,
        ip: nullable('string'),
        userAgent: nullable('string'),
        current: { type: 'boolean' },
      }),
    },
  }),
  /** staff-views.ts DeviceSummary */
  Devices: obj({
    devices: {
      type: 'array',
      items: obj({ id: str, loggedInAt: str, ip: str, userAgent: str, current: { type: 'boolean' } }),
    },
  }),
  /** answers.ts SessionAnswer */
  SessionAnswer: {
    type: 'object',
    properties: {
      csrfToken: { type: 'string', description: 'O valor do cabeçalho X-CSRF-Token nos pedidos que alteram algo.' },
      user: {
        oneOf: [
          {
            type: 'object',
            properties: { id: { type: 'integer' }, email: { type: 'string' }, role: { enum: [...ROLES] } },
            required: ['id', 'email', 'role'],
          },
          { type: 'null' },
        ],
      },
      totpEnabled: {
        type: 'boolean',
        description: 'GET /session: se a conta tem a verificação em dois passos ativa (A minha conta não oferece ativá-la outra vez).',
      },
    },
    required: ['csrfToken', 'user'],
  },
} satisfies Record<string, JsonSchema>;

export type NamedAnswerSchema = keyof typeof NAMED_ANSWER_SCHEMAS;

/** A reference to a named schema. */
export const ref = (name: NamedAnswerSchema): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** A published session on the phone screen (last-minute.ts LastMinuteSession). */
const lastMinuteSession: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    version: { type: 'integer' },
    title: { type: 'string' },
    starts_at: { type: 'string' },
    venue_id: { type: 'integer' },
    venue_name: { type: 'string' },
    city_id: { type: 'integer' },
    city_name: { type: 'string' },
    status: { type: 'string' },
    status_note: { type: 'string' },
  },
  required: ['id', 'version', 'title', 'starts_at', 'venue_id', 'venue_name', 'city_id', 'city_name', 'status', 'status_note'],
};

/** last-minute.ts LastMinuteDay */
export const lastMinuteDaySchema: JsonSchema = {
  type: 'object',
  properties: {
    day: { type: 'string' },
    today: { type: 'string' },
    days: { type: 'array', items: { type: 'string' } },
    sessions: { type: 'array', items: lastMinuteSession },
    venues: { type: 'array', items: { type: 'object' } },
  },
  required: ['day', 'today', 'days', 'sessions', 'venues'],
};

/** last-minute.ts StatusChangeResult */
export const statusChangeResultSchema: JsonSchema = {
  type: 'object',
  properties: {
    release: { type: 'integer' },
    changelog: { type: 'array', items: { type: 'string' } },
    session: lastMinuteSession,
    previous: lastMinuteSession,
    acceptedClashes: { type: 'array', items: ref('Clash') },
  },
  required: ['release', 'changelog', 'session', 'previous', 'acceptedClashes'],
};

/** What a last-minute change would clash with (POST /screenings/:id/status/clashes). */
export const statusChangeClashesSchema: JsonSchema = {
  type: 'object',
  properties: { clashes: { type: 'array', items: ref('Clash') } },
  required: ['clashes'],
};

/** answers.ts PrintOptions */
/** src/common/programme/session-history-entry.ts SessionHistoryEntry[] */
export const sessionHistorySchema: JsonSchema = list(
  obj({
    version: { type: 'integer' },
    at: str,
    actorEmail: str,
    releaseNumber: nullable('integer'),
    kind: { enum: ['criada', 'mudada', 'apagada'] },
    changes: list(obj({ label: str, from: str, to: str })),
  }),
);

export const printOptionsSchema: JsonSchema = {
  type: 'object',
  properties: {
    festivalName: { type: 'string' },
    year: { type: 'integer' },
    release: { type: ['integer', 'null'] },
    cities: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } } },
    venues: {
      type: 'array',
      items: { type: 'object', properties: { id: { type: 'integer' }, cityId: { type: 'integer' }, name: { type: 'string' } } },
    },
    days: { type: 'array', items: { type: 'string', format: 'date' } },
    today: { type: 'string', format: 'date' },
  },
  required: ['festivalName', 'year', 'release', 'cities', 'venues', 'days', 'today'],
};

/** answers.ts RestorePreview */
export const restorePreviewSchema: JsonSchema = {
  type: 'object',
  properties: { undoes: list({ type: 'string' }), draftStays: list({ type: 'string' }) },
  required: ['undoes', 'draftStays'],
};

/** answers.ts LeaseAnswer */
export const leaseAnswerSchema: JsonSchema = {
  type: 'object',
  properties: {
    others: list(obj({ email: str, since: { type: 'string', format: 'date-time', description: 'Quando abriu o formulário.' } })),
  },
  required: ['others'],
};

/** A preview link of the draft. */
export const previewLinkSchema: JsonSchema = {
  type: 'object',
  properties: { url: { type: 'string', format: 'uri' }, expiresAt: { type: 'string', format: 'date-time' } },
  required: ['url', 'expiresAt'],
};

const sheetMapping = {
  type: 'object',
  description: 'Para cada coluna do programa, a posição (0 = a primeira) da coluna do ficheiro, ou null.',
  additionalProperties: { type: ['integer', 'null'] },
};

/** programme-sheet.ts SheetUpload */
export const sheetUploadSchema: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    fileName: { type: 'string' },
    headers: { type: 'array', items: { type: 'string' } },
    rowCount: { type: 'integer' },
    mapping: sheetMapping,
    encoding: {
      enum: [...SHEET_ENCODINGS, null],
      description: 'A codificação em que o CSV foi lido (windows-1252: o «CSV» do Excel no Windows); null num XLSX.',
    },
  },
  required: ['id', 'fileName', 'headers', 'rowCount', 'mapping', 'encoding'],
};

/** programme-sheet.ts DryRun */
export const dryRunSchema: JsonSchema = {
  type: 'object',
  properties: {
    rows: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          line: { type: 'integer', description: 'A linha do ficheiro (os títulos são a linha 1).' },
          code: { type: 'string' },
          state: { enum: ['erro', 'novo', 'alterado', 'sem alterações'] },
          changes: {
            type: 'array',
            items: { type: 'object', properties: { column: { type: 'string' }, before: { type: 'string' }, after: { type: 'string' } } },
          },
          errors: { type: 'array', items: { type: 'string' }, description: '«Linha 12: sala «Cinema X» não existe em Lisboa.»' },
        },
      },
    },
    counts: { type: 'object', additionalProperties: { type: 'integer' } },
  },
  required: ['rows', 'counts'],
};

/** programme-sheet.ts ImportSummary */
export const importListSchema: JsonSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      fileName: { type: 'string' },
      appliedBy: { type: 'string' },
      appliedAt: { type: 'string' },
      created: { type: 'integer' },
      changed: { type: 'integer' },
      undoneAt: { type: ['string', 'null'] },
      undoneBy: { type: ['string', 'null'] },
    },
  },
};
