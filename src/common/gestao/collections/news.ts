/** The news, by scope: the festival's and the distribution label's. */
import { collection, field, html, longText, picture, requiredText, scope, text, wallTime } from './field-kit';
import { EDITION } from './teams';

export const news = collection({
  page: { path: 'noticias', title: 'Notícias', newLabel: 'Nova notícia' },
  noun: 'a notícia',
  createRoles: EDITION,
  fields: {
    scope: field('âmbito', EDITION, scope),
    title: field('título', EDITION, requiredText(200)),
    summary: field('resumo', EDITION, longText(1000)),
    description_html: field('texto', EDITION, html(20_000)),
    thumb: field('imagem pequena', EDITION, picture),
    poster: field('imagem', EDITION, picture),
    video_id: field('vídeo', EDITION, text(200)),
    published_at: field('data de publicação', EDITION, wallTime, {
      help: 'A data que a notícia mostra aos visitantes e que a ordena na lista. Não agenda nada: a notícia aparece quando for publicada em «Publicar» (agora ou agendada lá).',
    }),
  },
});
