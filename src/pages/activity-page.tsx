import { DetailLayout } from '../components/detail-layout';
import { EntryView } from '../components/entry-view';
import { HtmlBlock } from '../components/html-block';
import { useRouteData } from '../route-kit';
import { activityRoute } from './activity-route';

/**
 * /actividade/{id}: poster, title, keywords, logline, description and the PARTILHA block. The
 * spec's sessions block is in the design but not rendered, so the sessions are not shown.
 */
export default function ActivityPage() {
  const entry = useRouteData(activityRoute).activity;
  return (
    <EntryView entry={entry}>
      {(activity) => (
        <DetailLayout
          key={activity.id}
          kind="activity"
          id={activity.id}
          poster={activity.poster}
          title={activity.title}
          summary={activity.logline}
          shareLabel="PARTILHA"
          lead={
            <>
              {activity.keywords ? <p className="detail__keywords">{activity.keywords}</p> : null}
              {activity.logline ? <p className="detail__logline">{activity.logline}</p> : null}
            </>
          }
        >
          <HtmlBlock html={activity.description} className="detail__description" />
        </DetailLayout>
      )}
    </EntryView>
  );
}
