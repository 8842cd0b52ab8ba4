import { DetailLayout } from '../../detail/detail-layout';
import { pictureOf } from '../../primitives/image';
import { EntryView } from '../../detail/entry-view';
import { HtmlBlock } from '../../primitives/html-block';
import { useRouteData } from '../../routing/route-kit';
import { newsRoute } from './news-route';
import type { NewsItem } from '../../common/api/api-types';
import { longDate } from '../../common/time/calendar-names';
import type { Locale } from '../../common/i18n/locales';
import { useLocale } from '../../hooks/use-locale';
import { writtenIn } from '../../hooks/use-content-lang';
import { ContentText } from '../../primitives/content-text';

/**
 * A news item's date in the page's language: pt-PT as the API writes it (pretty_date, the spec's
 * "dd month yyyy"), English and Italian from its day, month and year ("2 April 2026", "2 aprile 2026").
 */
export function newsDate(news: NewsItem, locale: Locale): string {
  if (locale === 'pt-PT' || !news.pretty_date || !news.yy) return news.pretty_date;
  return longDate(`${news.yy}-${news.mm.padStart(2, '0')}-${news.dd.padStart(2, '0')}`, locale);
}

/** /noticia/{id}: the film's layout with the date, summary, description and share buttons. */
export default function NewsPage() {
  const entry = useRouteData(newsRoute).news;
  const locale = useLocale();
  return (
    <EntryView entry={entry}>
      {(news) => {
        const written = writtenIn(news, locale);
        return (
          <DetailLayout
            key={news.id}
            kind="news"
            id={news.id}
            poster={news.poster}
            picture={pictureOf(news.pictures, news.poster)}
            title={news.title}
            titleLang={written('title').lang}
            videoUrl={news.video_url}
            summary={news.summary}
            lead={
              <>
                {news.pretty_date ? <p className="detail__date">{newsDate(news, locale)}</p> : null}
                <ContentText className="detail__summary" text={news.summary} written={written('summary')} />
              </>
            }
          >
            <HtmlBlock html={news.description} className="detail__description" written={written('description')} />
          </DetailLayout>
        );
      }}
    </EntryView>
  );
}
