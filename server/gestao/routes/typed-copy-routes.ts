/**
 * /gestao/api/typed/:type/:id: what a person typed in a record's form and has not saved yet, kept
 * every few seconds (src/common/gestao/typed-copy.ts). Each person reads and writes only their
 * own copies. Not audited: a copy is nobody's content until it is saved as a version, which is.
 */
import type { FastifyRequest } from 'fastify';
import { ValidationError } from 'yup';
import { gestaoEndpoints as E } from '../../../src/common/gestao/api/gestao-endpoints';
import { recordFields, type FieldValue } from '../../../src/common/gestao/record-schemas';
import { isRecordType, type RecordType } from '../../../src/common/gestao/roles';
import { TYPED_COPY_MAX_CHARS, typedCopySchema, type TypedCopy } from '../../../src/common/gestao/typed-copy';
import { HttpError } from '../../api/http-errors';
import { forgetTypedCopy, keepTypedCopy, readTypedCopy } from '../../db/repositories/publishing/typed-copies-repository';
import type { StaffIdentity } from '../auth/staff';
import { bodyOf } from '../http';
import { gestaoRoutes, type GestaoRoutes } from '../gestao-endpoint-registration';

interface TypedParams {
  type: string;
  id: string;
}

/** The copy's key, "movies/12" or "movies/novo": 404 for a type or an id that cannot exist. */
function recordKey(params: TypedParams): { type: RecordType; key: string } {
  if (!isRecordType(params.type) || !/^[A-Za-z0-9_-]{1,64}$/.test(params.id)) throw new HttpError(404, 'Este registo não existe.');
  return { type: params.type, key: `${params.type}/${params.id}` };
}

const isScalar = (value: unknown): value is string | number => typeof value === 'string' || typeof value === 'number';

/** What a form field holds: text, a number, nothing, or a list of small records (a page's cards). */
function isFieldValue(value: unknown): value is FieldValue {
  if (value === null || isScalar(value)) return true;
  return (
    Array.isArray(value) &&
    value.every((item: unknown) => typeof item === 'object' && item !== null && !Array.isArray(item) && Object.values(item).every(isScalar))
  );
}

function copyOf(request: FastifyRequest, type: RecordType, at: string): TypedCopy {
  let body: { fields: Record<string, unknown>; baseVersion: number };
  try {
    body = typedCopySchema.validateSync(bodyOf(request), { abortEarly: true });
  } catch (error) {
    if (error instanceof ValidationError) throw new HttpError(400, error.message);
    throw error;
  }
  const known = new Set(recordFields(type));
  const fields: TypedCopy['fields'] = {};
  for (const [name, value] of Object.entries(body.fields)) {
    if (!known.has(name)) continue;
    if (!isFieldValue(value)) throw new HttpError(400, `O campo ${name} tem um valor inválido.`);
    fields[name] = value;
  }
  if (JSON.stringify(fields).length > TYPED_COPY_MAX_CHARS)
    throw new HttpError(413, 'O texto escrito é grande demais para ser guardado automaticamente.');
  return { fields, baseVersion: body.baseVersion, savedAt: at };
}

export const registerTypedCopyRoutes: GestaoRoutes = (scope, deps) => {
  // Who edits content keeps copies of their typing (the table's access); the other roles have no
  // form to type into. A copy goes two seconds after the typing pauses, so far under the write
  // limit; a refused one still leaves the browser's copy.
  const route = gestaoRoutes(scope, deps);
  const userId = (request: FastifyRequest) => (request.staff as StaffIdentity).id;

  route(E.typedCopy, async (request) => {
    const { key } = recordKey(request.params);
    return { copy: await readTypedCopy(deps.db, userId(request), key) };
  });

  route(E.keepTypedCopy, async (request, reply) => {
    const { type, key } = recordKey(request.params);
    const copy = copyOf(request, type, deps.clock().toISOString());
    await keepTypedCopy(deps.db, userId(request), key, copy);
    return reply.send({ savedAt: copy.savedAt });
  });

  route(E.forgetTypedCopy, async (request, reply) => {
    const { key } = recordKey(request.params);
    await forgetTypedCopy(deps.db, userId(request), key);
    return reply.code(204).send();
  });
};
