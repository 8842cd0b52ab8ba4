/**
 * GET /gestao/api/openapi.json, generated from the endpoint table
 * (src/common/gestao/api/gestao-endpoints.ts) by the one OpenAPI generator (server/api/openapi.ts). What
 * an entry already says is never written twice: who may call it (its access, its handler's
 * roles), the CSRF header (every method but GET/HEAD/OPTIONS), the recent password, and the
 * refusals these imply. Request bodies are the Yup schemas the forms and the server use.
 */
import { NAMED_ANSWER_SCHEMAS, type JsonSchema } from '../../src/common/gestao/api/answer-schemas';
import { GESTAO_API_BASE, gestaoEndpoints, type GestaoEndpoint } from '../../src/common/gestao/api/gestao-endpoints';
import { ROLE_LABELS, ROLES, type Role } from '../../src/common/gestao/roles';
import { jsonBody, jsonContent, openApiDocument, openApiPath, parametersOf, type OpenApiOperation } from '../api/openapi';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const message = { type: 'string', description: 'A explicação em português, para mostrar a quem usa o site.' };
const errorBody = (extra: Record<string, JsonSchema> = {}, description?: string): JsonSchema => ({
  type: 'object',
  ...(description ? { description } : {}),
  properties: { message, ...extra },
  required: ['message'],
});
const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

const roleNames = (roles: readonly Role[]) => roles.map((r) => ROLE_LABELS[r]).join(', ');

/** What the body of a refusal holds, by its status. */
function refusalBody(status: string, url: string): JsonSchema {
  switch (status) {
    case '400':
      return errorBody({
        errors: {
          type: 'object',
          additionalProperties: { type: 'string' },
          description: 'A mensagem de cada campo (nas escritas de registos).',
        },
      });
    case '401':
      return errorBody({ reauthRequired: { const: true }, totpRequired: { const: true } });
    case '403':
      return errorBody({ fields: { type: 'array', items: { type: 'string' }, description: 'Os campos que o perfil não pode alterar.' } });
    case '409':
      if (url.includes('/records/'))
        return errorBody(
          {
            stored: ref('RecordView'),
            conflicts: { type: 'array', items: ref('FieldConflict'), description: 'Os campos que ambos mudaram (vazio ao apagar).' },
            joined: {
              type: 'object',
              description:
                'O registo como a gravação o deixaria, com o valor guardado em cada campo em conflito: grave-o sobre `stored.version` com a escolha de cada um.',
            },
            rolledBack: { const: true, description: 'Foi uma reposição de uma publicação anterior que mudou o registo.' },
          },
          'A versão guardada mudou entretanto: `stored` é o registo como está agora.',
        );
      return ref('Error');
    default:
      return ref('Error');
  }
}

/** An entry's operations: one, or one per value of its `each` parameter (a record type). */
function operationsOf(endpoint: GestaoEndpoint): OpenApiOperation[] {
  const route = `${GESTAO_API_BASE}${endpoint.path}`;
  const { each } = endpoint;
  const variants: (string | undefined)[] = each ? [...each.values] : [undefined];
  return variants.map((value) => {
    const url = each && value !== undefined ? route.replace(`:${each.param}`, value) : route;
    const csrf = !SAFE_METHODS.has(endpoint.method);
    const accessRoles = Array.isArray(endpoint.access) ? (endpoint.access as readonly Role[]) : undefined;
    const recentPassword = endpoint.recentPassword === true;
    const roles = (each && value !== undefined ? each.roles?.(value) : undefined) ?? endpoint.roles ?? accessRoles;
    const staff = endpoint.access !== 'anyone' || recentPassword;
    const body = (each && value !== undefined ? each.body?.(value) : undefined) ?? endpoint.body;
    const ok = endpoint.ok ?? 200;

    const who = !staff
      ? 'Sem sessão iniciada.'
      : roles
        ? `Perfis: ${roleNames(roles)}${roles.includes('administracao') ? '' : ' (e Administração)'}.`
        : 'Qualquer pessoa com sessão iniciada.';
    const asks = [
      who,
      csrf ? 'Leva o cabeçalho X-CSRF-Token e o cookie da sessão (GET /gestao/api/session dá os dois).' : '',
      recentPassword ? 'Pede a palavra-passe dada nos últimos 5 minutos (POST /gestao/api/reauth).' : '',
    ].filter(Boolean);

    const responses: Record<string, unknown> = {};
    responses[ok] =
      ok === 204
        ? { description: 'Feito; sem corpo.' }
        : {
            description: endpoint.summary,
            content: endpoint.file
              ? { [endpoint.file]: { schema: { type: 'string' } } }
              : jsonContent(endpoint.answer?.schema ?? { type: 'object' }),
          };
    const errors: Record<string, string> = {};
    // A query is only a filter unless the entry says it refuses one (errors[400]).
    if (body) errors[400] = 'Dados inválidos: `message` diz o primeiro problema (nos registos, `errors` dá o de cada campo).';
    if (staff) errors[401] = 'Sem sessão iniciada (ou a conta foi desativada).';
    if (recentPassword) errors[401] = 'Sem sessão, ou falta a palavra-passe recente: `reauthRequired: true`.';
    if (csrf || roles)
      errors[403] = [roles ? 'Perfil sem permissão (fica no registo de auditoria).' : '', csrf ? 'Sem X-CSRF-Token válido.' : '']
        .filter(Boolean)
        .join(' ');
    if (/:[A-Za-z_]/.test(url)) errors[404] = 'Não existe.';
    Object.assign(errors, endpoint.errors);
    errors[429] ??= 'Demasiados pedidos deste endereço; `Retry-After` diz quando voltar.';
    for (const [status, description] of Object.entries(errors)) {
      responses[status] = {
        description,
        content: jsonContent(refusalBody(status, route)),
        ...(status === '429' ? { headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Segundos.' } } } : {}),
      };
    }

    const operation: Record<string, unknown> = {
      summary: endpoint.summary,
      description: [endpoint.description, ...asks].filter(Boolean).join('\n\n'),
      tags: [url.split('/')[3] ?? 'gestao'],
      parameters: parametersOf(route, endpoint.params, endpoint.query, each?.param),
      security: csrf ? [{ sessionCookie: [], csrfToken: [] }] : staff ? [{ sessionCookie: [] }] : [{}, { sessionCookie: [] }],
      responses,
      'x-fastify-route': `${endpoint.method} ${route}`,
      'x-roles': staff ? [...(roles ?? ROLES)] : [],
      'x-csrf': csrf,
      'x-session': staff,
      'x-recent-password': recentPassword,
    };
    if (body) operation.requestBody = jsonBody(body);
    if (endpoint.upload) {
      const file = { type: 'string', format: 'binary', description: endpoint.upload.description };
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', required: [endpoint.upload.field], properties: { [endpoint.upload.field]: file } },
          },
        },
      };
    }
    return { method: endpoint.method.toLowerCase(), path: openApiPath(url), operation };
  });
}

const SCRIPTED_PATH = `Para usar a API num programa:

1. \`GET /gestao/api/session\` responde \`{ csrfToken, user: null }\` e põe o cookie da sessão.
2. \`POST /gestao/api/session\` com o cookie, o cabeçalho \`X-CSRF-Token: <csrfToken>\` e \`{ "email", "password" }\`
   (e \`"code"\` se a conta usa a verificação em dois passos: sem ele a resposta é 401 com \`totpRequired: true\`).
   Responde \`{ csrfToken, user }\`: a sessão é nova, por isso o cookie e o código mudam; use os novos.
3. Cada pedido que altera algo (POST, PUT, PATCH, DELETE) leva o cookie e \`X-CSRF-Token\`.
4. Uma resposta 401 com \`reauthRequired: true\` pede a palavra-passe outra vez: \`POST /gestao/api/reauth\` com
   \`{ "password" }\`, depois repita o pedido.
5. Ao gravar um registo envie a \`version\` lida (\`baseVersion\`): o que outros guardaram entretanto junta-se campo a campo.
   Um 409 traz \`conflicts\`, os campos que ambos mudaram, e \`stored\`, o registo como está: escolha e grave sobre a sua \`version\`.

Nenhuma resposta vai para caches (\`Cache-Control: no-store\`).`;

/** The OpenAPI 3.1 document of every endpoint of the table. */
export function gestaoOpenApiDocument(info: { serverUrl: string; cookieName: string }) {
  const operations = Object.values(gestaoEndpoints).flatMap((endpoint) => operationsOf(endpoint));
  return openApiDocument(
    {
      title: '8½ Festa do Cinema Italiano — API da gestão',
      version: '1.0.0',
      description: SCRIPTED_PATH,
      serverUrl: info.serverUrl,
    },
    operations,
    {
      schemas: { Error: errorBody(), ...NAMED_ANSWER_SCHEMAS },
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: info.cookieName,
          description: 'O cookie da sessão (HttpOnly, SameSite=Strict).',
        },
        csrfToken: {
          type: 'apiKey',
          in: 'header',
          name: 'X-CSRF-Token',
          description: 'O `csrfToken` de GET /gestao/api/session ou do início de sessão.',
        },
      },
    },
  );
}
