/** Yup schemas of path and query parameters, shared by the API routes. */
import { object, string } from 'yup';
import { ASSET_TYPES, PRESS_TYPES, SCOPES } from '../../src/common/constants';

export const scopeField = string()
  .required()
  .oneOf([...SCOPES], 'Âmbito inválido: use festa ou distrib.');
export const idField = (label: string) =>
  string()
    .required()
    .matches(/^[1-9][0-9]{0,9}$/, `Identificador de ${label} inválido.`)
    .meta({ description: `Identificador numérico de ${label}.`, example: '101' });

export const scopeParams = object({ scope: scopeField });
export const idParams = (label: string) => object({ id: idField(label) });

export const categoryParams = object({
  category: string()
    .required()
    .max(80, 'Categoria inválida.')
    .meta({ description: "'0' (todas), o id de uma secção ou o seu nome (sem distinção de acentos)." }),
  scope: scopeField,
});

export const newsParams = object({
  scopeOrId: string()
    .required()
    .matches(/^(festa|distrib|[1-9][0-9]{0,9})$/, 'Indique um âmbito (festa, distrib) ou o identificador de uma notícia.')
    .meta({ description: 'Um âmbito (lista de notícias) ou o identificador de uma notícia (detalhe).' }),
});

export const cityParams = object({
  city: string()
    .required()
    .matches(/^[1-9][0-9]{0,9}$/, 'Identificador de cidade inválido.'),
});

export const searchQuery = object({
  q: string().default('').max(200, 'A pesquisa não pode ter mais de 200 caracteres.').meta({ description: 'Texto a pesquisar.' }),
});

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
    .matches(/^[0-9]{4}$/, 'Edição inválida: use o ano (ex.: 2015).'),
});

export const sectionParams = object({
  assetType: string()
    .required()
    .oneOf([...ASSET_TYPES], 'Tipo inválido: use movies ou activities.'),
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
    .matches(/^[0-9]{1,10}$/, 'Identificador de grupo de patrocinadores inválido.'),
  scope: scopeField,
});
