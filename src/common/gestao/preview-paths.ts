/**
 * Where the draft's preview lives: under /gestao, which the service worker never answers nor keeps,
 * the public page's own path after the prefix (/gestao/pre-visualizar/filme/12 is /filme/12 as
 * the draft would publish it). Staff with a content role open the first; a signed link (valid 24 h,
 * for people without an account) opens the second with its token.
 */
import { say } from './gestao-words';

export const PREVIEW_BASE = '/gestao/pre-visualizar';
export const PREVIEW_LINK_BASE = '/gestao/ligacao';

/** The preview of a public page, for logged-in staff. */
export const previewPath = (publicPath: string) => `${PREVIEW_BASE}${publicPath}`;

/** The preview of a public page through a signed link. */
export const previewLinkPath = (token: string, publicPath = '/') => `${PREVIEW_LINK_BASE}/${token}${publicPath}`;

/** The banner over every page of the preview. */
export const PREVIEW_BANNER = say(/*i18n*/ { id: 'gestao.preview.banner', message: 'Pré-visualização: ainda não publicado' });
