import { DetailLayout } from '../../detail/detail-layout';
import { pictureOf } from '../../primitives/image';
import { EntryView } from '../../detail/entry-view';
import { HtmlBlock } from '../../primitives/html-block';
import { useRouteData } from '../../routing/route-kit';
import { newsRoute } from './news-route';

/** /noticia/{id}: the film's layout with the date, summary, description and share buttons. */
export default function NewsPage() {
  const entry = useRouteData(newsRoute).news;
  return (
    <EntryView entry={entry}>
      {(news) => (
        <DetailLayout
          key={news.id}
          kind="news"
          id={news.id}
          poster={news.poster}
          picture={pictureOf(news.pictures, news.poster)}
          title={news.title}
          videoUrl={news.video_url}
          summary={news.summary}
          lead={
            <>
              {news.pretty_date ? <p className="detail__date">{news.pretty_date}</p> : null}
              {news.summary ? <p className="detail__summary">{news.summary}</p> : null}
            </>
          }
        >
          <HtmlBlock html={news.description} className="detail__description" />
        </DetailLayout>
      )}
    </EntryView>
  );
}
