import { useLocation } from 'react-router-dom';
import { CustomPageView, templateOfPath } from './custom-page-view';
import { EntryView } from '../../detail/entry-view';
import { useMatchedRoute, useRouteData } from '../../routing/route-kit';
import { customPageRoutes } from './custom-page-routes';

/**
 * /t1/* to /t4/*: a custom content page, drawn with the template of its URL (even when the page's
 * own template_id differs). The data path drops one trailing slash of the page path.
 */
export default function CustomPageRoute() {
  const { pathname } = useLocation();
  const entry = useRouteData(useMatchedRoute(customPageRoutes)).page;
  return <EntryView entry={entry}>{(page) => <CustomPageView page={page} template={templateOfPath(pathname)} />}</EntryView>;
}
