import { StaticPage } from './static-page';
import { usePrefs } from '../../hooks/use-prefs';

/** /equipa: the title 'equipa' and the team credits. */
export default function TeamPage() {
  return <StaticPage title="equipa" html={usePrefs()?.teamHtml} className="team-page" />;
}
