/** The news, by scope: the festival's and the distribution label's. */
import { collection, field, html, longText, picture, requiredText, scope, text, wallTime } from './field-kit';
import { say } from '../gestao-words';
import { EDITION } from './teams';

export const news = collection({
  page: {
    path: 'noticias',
    title: say(/*i18n*/ { id: 'gestao.news.page.title', message: 'Notícias' }),
    newLabel: say(/*i18n*/ { id: 'gestao.news.page.newLabel', message: 'Nova notícia' }),
  },
  noun: say(/*i18n*/ { id: 'gestao.news.noun', message: 'a notícia' }),
  createRoles: EDITION,
  fields: {
    scope: field(/*i18n*/ { id: 'gestao.news.scope', message: 'âmbito' }, EDITION, scope, { listFilter: 'ambito' }),
    title: field(/*i18n*/ { id: 'gestao.news.title', message: 'título' }, EDITION, requiredText(200), { localized: true }),
    summary: field(/*i18n*/ { id: 'gestao.news.summary', message: 'resumo' }, EDITION, longText(1000), { localized: true }),
    description_html: field(/*i18n*/ { id: 'gestao.news.description_html', message: 'texto' }, EDITION, html(20_000), { localized: true }),
    thumb: field(/*i18n*/ { id: 'gestao.news.thumb', message: 'imagem pequena' }, EDITION, picture),
    poster: field(/*i18n*/ { id: 'gestao.news.poster', message: 'imagem' }, EDITION, picture),
    video_id: field(/*i18n*/ { id: 'gestao.news.video_id', message: 'vídeo' }, EDITION, text(200)),
    published_at: field(/*i18n*/ { id: 'gestao.news.published_at', message: 'data de publicação' }, EDITION, wallTime, {
      help: say(
        /*i18n*/ {
          id: 'gestao.news.help',
          message:
            'A data que a notícia mostra aos visitantes e que a ordena na lista. Não agenda nada: a notícia aparece quando for publicada em «Publicar» (agora ou agendada lá).',
        },
      ),
    }),
  },
});
