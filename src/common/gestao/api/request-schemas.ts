/**
 * The shapes of the /gestao/api requests that no form of the back office validates by itself:
 * path parameters, queries and bodies, as Yup schemas for the endpoint table (gestao-endpoints.ts) and
 * its OpenAPI document. Their messages are the server's: the routes check these rules as the
 * schemas say. Record fields are the records' own schemas (../record-schemas.ts), which the
 * server validates every write with.
 */
// First, so that the schemas below are built with Yup's messages in pt-PT.
import '../../forms/yup-locale';
import { array, boolean, mixed, number, object, string } from 'yup';
import { AUDIT_MAX_LIMIT, AUDIT_OUTCOMES } from '../audit-log';
import { passkeyNameSchema } from '../passkey-schema';
import { MAX_PASSWORD_LENGTH } from '../password-schemas';
import { RECORD_SCHEMAS, type RecordFields } from '../record-schemas';
import { CREATE_ROLES, FIELD_ROLES, RECORD_TYPES, ROLES, type RecordType, type Role } from '../roles';
import { say } from '../gestao-words';
import { SUBMISSION_KINDS, SUBMISSION_STATUSES, type SubmissionKind, type SubmissionStatus } from '../submissions';

const WORDS = {
  passkeyAnswerMissing: /*i18n*/ { id: 'gestao.request.passkeyAnswerMissing', message: 'Envie a resposta da chave de acesso.' },
  baseVersionMissing: /*i18n*/ { id: 'gestao.request.baseVersionMissing', message: 'Falta a versão em que se baseou (baseVersion).' },
  formStatus: /*i18n*/ { id: 'gestao.request.formStatus', message: 'O estado é "novo" ou "tratado".' },
  chooseDrafts: /*i18n*/ { id: 'gestao.request.chooseDrafts', message: 'Escolha as alterações a publicar na lista «Por publicar».' },
  runAtMissing: /*i18n*/ { id: 'gestao.request.runAtMissing', message: 'Indique a data e a hora da publicação (hora de Lisboa).' },
  noDrafts: /*i18n*/ { id: 'gestao.request.noDrafts', message: 'Escolha pelo menos uma alteração a publicar.' },
};

export const PASSKEY_ANSWER_MISSING = say(WORDS.passkeyAnswerMissing);

const baseVersion = number().integer().min(0).required(say(WORDS.baseVersionMissing)).meta({
  description:
    'A `version` do registo lido: se entretanto mudou, a gravação junta-se campo a campo ao que outros guardaram; é 409 quando ambos mudaram o mesmo campo.',
});

/** POST /records/:type: the new record's fields. */
export const recordCreateSchema = (type: string) => object({ fields: RECORD_SCHEMAS[type as RecordType].required() });
/** What the API's document says of the fields as read (developers' words). */
const BASE_FIELDS = {
  description:
    'Os campos como foram lidos. Só contam num registo lido na versão 0 (antes da primeira gravação na gestão): nas outras versões, o servidor lê-os do histórico.',
};
const baseFields = mixed<RecordFields>().meta(BASE_FIELDS);
/** PUT /records/:type/:id: the fields, the version they were read at, and (for version 0) the fields as read. */
/** The fields where a save settling a conflict kept its own value over another person's: that person is told. */
const overridden = array(string().required().max(100)).meta({
  description:
    'Ao resolver um conflito: os campos em que esta gravação fica com o seu valor por cima do que outra pessoa guardou. Essa pessoa vê o valor que perdeu na próxima visita, e pode repô-lo (`/lost-changes`).',
});
export const recordSaveSchema = (type: string) =>
  object({
    baseVersion,
    fields: RECORD_SCHEMAS[type as RecordType].required(),
    baseFields: RECORD_SCHEMAS[type as RecordType].default(undefined).meta(BASE_FIELDS),
    overridden,
  });
/** A record's write whatever its type, as the back office sends it (each type's fields are checked by the two above). */
export const recordCreateBody = object({ fields: mixed<RecordFields>().required() });
export const recordSaveBody = object({ baseVersion, fields: mixed<RecordFields>().required(), baseFields, overridden });
export const recordDeleteQuery = object({
  baseVersion: baseVersion.meta({ description: 'A `version` do registo lido: se entretanto mudou, a resposta é 409.' }),
});
export const recordListQuery = object({
  filme: string()
    .matches(/^[0-9]+$/)
    .meta({ description: 'Só as sessões deste filme (o seu id).' }),
});

const withAdmin = (roles: readonly Role[]): Role[] => ['administracao', ...roles.filter((r) => r !== 'administracao')];
/** Who may add or remove a record of the type. */
export const createRolesOf = (type: string) => withAdmin(CREATE_ROLES[type as RecordType]);
/** Who may change at least one field of the type (each field's roles are FIELD_ROLES). */
export const editRolesOf = (type: string) => withAdmin([...new Set(Object.values(FIELD_ROLES[type as RecordType]).flat())]);
export { RECORD_TYPES };

/** A WebAuthn answer as @simplewebauthn/browser gives it, checked for its shape only: the library checks the rest. */
const passkeyCredential = object({
  id: string().typeError(PASSKEY_ANSWER_MISSING).required(PASSKEY_ANSWER_MISSING),
  response: object().typeError(PASSKEY_ANSWER_MISSING).required(PASSKEY_ANSWER_MISSING),
})
  .typeError(PASSKEY_ANSWER_MISSING)
  .required(PASSKEY_ANSWER_MISSING)
  .meta({ description: 'A resposta de navigator.credentials.create() ou .get() em JSON (SimpleWebAuthn).' });
/** POST /passkeys: the new passkey's name and the browser's answer. */
export const passkeyAddSchema = object({ name: passkeyNameSchema.fields.name, credential: passkeyCredential });
/** POST /passkey-login: the browser's answer. */
export const passkeyLoginSchema = object({ credential: passkeyCredential });

export const reauthSchema = object({ password: string().required().max(MAX_PASSWORD_LENGTH) });

export const userChangeSchema = object({
  role: mixed<Role>()
    .oneOf([...ROLES])
    .meta({ description: 'A nova função.' }),
  disabled: boolean().meta({ description: 'true desativa a conta e termina as suas sessões.' }),
}).meta({ description: 'Pelo menos um dos dois.' });

export const totpCodeSchema = object({
  code: string()
    .required()
    .matches(/^[0-9]{6}$/),
});

export const formKindParams = object({
  kind: mixed<SubmissionKind>()
    .oneOf([...SUBMISSION_KINDS])
    .required(),
});
export const formStatusSchema = object({
  status: mixed<SubmissionStatus>()
    .oneOf([...SUBMISSION_STATUSES])
    .required(say(WORDS.formStatus)),
});
export const deletePersonSchema = object({ email: string().required().email() });

/** Beyond any draft the team makes between two publications. */
const MAX_CHOSEN_DRAFTS = 10_000;
const CHOICE_MESSAGE = say(WORDS.chooseDrafts);

/** The drafts chosen on the publish screen, each by its record's type and id. */
const draftChoices = array(
  object({
    type: mixed<RecordType>()
      .oneOf([...RECORD_TYPES], CHOICE_MESSAGE)
      .required(CHOICE_MESSAGE),
    id: string().typeError(CHOICE_MESSAGE).required(CHOICE_MESSAGE).max(100, CHOICE_MESSAGE),
  }),
)
  .typeError(CHOICE_MESSAGE)
  .max(MAX_CHOSEN_DRAFTS, CHOICE_MESSAGE);

export const publishSchema = object({
  drafts: draftChoices.meta({ description: 'Só estes rascunhos (os outros ficam por publicar); sem a lista, o rascunho inteiro.' }),
});

export const scheduleSchema = object({
  runAt: string()
    .required(say(WORDS.runAtMissing))
    .matches(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
    .meta({ description: 'Hora de Lisboa, AAAA-MM-DDTHH:MM, ainda por vir.' }),
  drafts: draftChoices
    .min(1, say(WORDS.noDrafts))
    .meta({ description: 'Os rascunhos a publicar a essa hora (os outros ficam por publicar); sem a lista, o rascunho inteiro.' }),
});

export const auditQuery = object({
  actor: string().meta({ description: 'O id ou o email de quem fez.' }),
  action: string(),
  outcome: mixed().oneOf([...AUDIT_OUTCOMES]),
  from: string().meta({ description: 'AAAA-MM-DD (UTC) ou uma hora ISO 8601.' }),
  to: string().meta({ description: 'AAAA-MM-DD (UTC, o dia inteiro) ou uma hora ISO 8601.' }),
  limit: number().integer().min(1).max(AUDIT_MAX_LIMIT),
});

/** GET /last-minute */
export const lastMinuteDayQuery = object({
  dia: string()
    .matches(/^\d{4}-\d{2}-\d{2}$/)
    .meta({ description: 'O dia do festival, AAAA-MM-DD (por omissão, hoje; um dia acaba às 06:00).' }),
});

/** GET /grid */
export const gridQuery = object({
  city: string()
    .matches(/^[0-9]+$/)
    .meta({ description: 'A cidade (o seu id); a primeira quando falta.' }),
});

const PRINT_ID = /^[1-9][0-9]{0,9}$/;
/** GET /print/programme */
export const printProgrammeQuery = object({
  city: string().required().matches(PRINT_ID).meta({ description: 'O id da cidade.' }),
  release: string()
    .matches(/^(latest|[1-9][0-9]{0,9})$/)
    .meta({ description: 'O número da publicação, ou `latest` (a que está no site; é o que vale sem este parâmetro).' }),
});
/** GET /print/venue-day */
export const printVenueDayQuery = object({
  venue: string().required().matches(PRINT_ID).meta({ description: 'O id da sala.' }),
  day: string()
    .required()
    .matches(/^\d{4}-\d{2}-\d{2}$/)
    .meta({ description: 'O dia do festival, AAAA-MM-DD (uma sessão antes das 06:00 pertence ao dia anterior).' }),
});
