import { useLingui } from '@lingui/react/macro';
import { DetailLayout } from '../../detail/detail-layout';
import { pictureOf } from '../../primitives/image';
import { EntryView } from '../../detail/entry-view';
import { HtmlBlock } from '../../primitives/html-block';
import { SessionsList } from '../../detail/sessions-list';
import { useRouteData } from '../../routing/route-kit';
import { activityRoute } from './activity-route';
import { ContentText } from '../../primitives/content-text';
import { writtenIn } from '../../hooks/use-content-lang';
import { useLocale } from '../../hooks/use-locale';

/**
 * /actividade/{id}: poster, title, keywords, logline, description and the PARTILHA block. The
 * spec renders no SESSÕES block here; a visitor still needs to know when and where a masterclass
 * or a talk happens, so QUANDO E ONDE lists its sessions (date, time, city, venue) beside the spec's blocks.
 */
export default function ActivityPage() {
  const { t } = useLingui();
  const entry = useRouteData(activityRoute).activity;
  const locale = useLocale();
  return (
    <EntryView entry={entry}>
      {(activity) => {
        const written = writtenIn(activity, locale);
        return (
          <DetailLayout
            key={activity.id}
            kind="activity"
            id={activity.id}
            poster={activity.poster}
            picture={pictureOf(activity.pictures, activity.poster)}
            title={activity.title}
            titleLang={written('title').lang}
            summary={activity.logline}
            shareLabel={t`PARTILHA`}
            lead={
              <>
                <ContentText className="detail__keywords" text={activity.keywords} />
                <ContentText className="detail__logline" text={activity.logline} written={written('logline')} />
              </>
            }
          >
            <SessionsList sessions={activity.sessions} heading={t`QUANDO E ONDE`} film={false} />
            <HtmlBlock html={activity.description} className="detail__description" written={written('description')} />
          </DetailLayout>
        );
      }}
    </EntryView>
  );
}
