import { useLocation, useParams } from 'react-router-dom';
import type { CustomPage } from '../common/api-types';
import { CustomPageView, templateOfPath } from '../components/custom-page-view';
import { EntryView } from '../components/entry-view';
import { apiPaths } from '../common/api-paths';
import { useApi } from '../data/use-api';

/**
 * /t1/* to /t4/*: a custom content page, drawn with the template of its URL (even when the page's
 * own template_id differs). The data path drops one trailing slash of the page path.
 */
export default function CustomPageRoute() {
  const rest = useParams()['*'] ?? '';
  const { pathname } = useLocation();
  const entry = useApi<CustomPage>(apiPaths.customPage(rest));
  return <EntryView entry={entry}>{(page) => <CustomPageView page={page} template={templateOfPath(pathname)} />}</EntryView>;
}
