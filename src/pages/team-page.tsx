import { StaticPage } from '../components/static-page';
import { usePrefs } from '../components/use-prefs';

/** /equipa: the title 'equipa' and the team credits. */
export default function TeamPage() {
  return <StaticPage title="equipa" html={usePrefs()?.teamHtml} className="team-page" />;
}
