/**
 * Yup schemas of the API's path and query parameters: the server validates every request with
 * them (a pt-PT 400 names the field), and OpenAPI describes the parameters from them.
 */
import { object, string } from 'yup';
import { LOCALES } from '../i18n/locales';
import { PRESS_TYPES, SCOPES, SECTION_ASSET_TYPES } from '../constants';

const ID = /^[1-9][0-9]{0,9}$/;

const scopeField = string()
  .required()
  .oneOf([...SCOPES], 'Âmbito inválido: use festa ou distrib.');
const idField = (label: string) =>
  string()
    .required()
    .matches(ID, `Identificador de ${label} inválido.`)
    .meta({ description: `Identificador numérico de ${label}.`, example: '101' });

export const noParams = object({});
export const scopeParams = object({ scope: scopeField });
export const idParams = (label: string) => object({ id: idField(label) });

export const venueParams = object({ venue_id: idField('sala') });

export const categoryParams = object({
  category: string()
    .required()
    .max(80, 'Categoria inválida.')
    .meta({ description: "'0' (todas), o id de uma secção ou o seu nome (sem distinção de maiúsculas nem acentos)." }),
  scope: scopeField,
});

export const newsListParams = object({ scope: scopeField });
export const newsParams = object({
  news_id: string()
    .required()
    .matches(ID, 'Identificador de notícia inválido.')
    .meta({ description: 'Identificador numérico da notícia.', example: '301' }),
});

export const cityParams = object({
  city: string()
    .required()
    .matches(ID, 'Identificador de cidade inválido.')
    .meta({ description: 'Identificador numérico da cidade.', example: '1' }),
});

export const sinceParams = object({
  since: string()
    .required()
    .matches(/^[\w.:+-]{1,120}$/, 'Versão dos conteúdos inválida.')
    .meta({ description: 'A versão dos conteúdos que o navegador guardou (a de /sync/version quando sincronizou).' }),
});

/** The `lang` of an address: absent (pt-PT) or one of LOCALES. */
function languageOf() {
  return string()
    .oneOf(LOCALES, `A língua tem de ser uma de: ${LOCALES.join(', ')}.`)
    .optional()
    .meta({ description: 'A língua (en, it); sem ela, pt-PT.' });
}

export const searchQuery = object({
  q: string().default('').max(200, 'A pesquisa não pode ter mais de 200 caracteres.').meta({ description: 'Texto a pesquisar.' }),
  lang: languageOf(),
});

/**
 * The language of a feed or file the site serves in every language: absent (pt-PT, the address it
 * always had) or one of LOCALES. A query, not a path prefix: the API's paths carry no language
 * (/en/ and /it/ are the pages'), and one endpoint of the contract serves all three.
 */
export const languageQuery = object({ lang: languageOf() });

export const customPageParams = object({
  '*': string()
    .required('Indique a página.')
    .max(200, 'Endereço de página inválido.')
    .matches(/^[a-z0-9][a-z0-9/_-]*$/i, 'Endereço de página inválido.')
    .meta({ description: 'Endereço da página (uma barra final é ignorada).' }),
});

export const editionParams = object({
  edition: string()
    .required()
    .matches(/^[0-9]{4}$/, 'Edição inválida: use o ano (ex.: 2015).')
    .meta({ description: 'Ano da edição.', example: '2015' }),
});

export const sectionParams = object({
  assetType: string()
    .required()
    .oneOf([...SECTION_ASSET_TYPES], 'Tipo inválido: use movies_festa, movies_distrib ou activities.')
    .meta({ description: 'movies_{âmbito} (secções de filmes desse âmbito) ou activities (eventos paralelos).' }),
  scope: scopeField,
});

export const pressParams = object({
  press_type: string()
    .required()
    .oneOf([...PRESS_TYPES], 'Tipo de imprensa inválido: use pressrelease, presskit ou support.'),
});

export const sponsorMenuParams = object({
  sponsor_id: string()
    .required()
    .matches(/^[0-9]{1,10}$/, 'Identificador de grupo de patrocinadores inválido.')
    .meta({ description: 'Grupo de patrocinadores; 0 lista todos os grupos do âmbito.', example: '0' }),
  scope: scopeField,
});

/** The session ids of a shared agenda, as its link carries them (src/common/agenda/agenda-link.ts). */
export const agendaParams = object({
  sessoes: string()
    .required()
    .matches(/^\d{1,9}(\.\d{1,9})*$/, 'Ligação de agenda inválida: deve trazer números de sessão separados por pontos.')
    .meta({ description: 'Números das sessões, separados por pontos.', example: '204.219.228' }),
});
