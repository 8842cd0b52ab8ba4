import { useLingui } from '@lingui/react/macro';
import { StaticPage } from './static-page';
import { usePrefs } from '../../hooks/use-prefs';

/** /equipa: the title 'equipa' and the team credits. */
export default function TeamPage() {
  const { t } = useLingui();
  return <StaticPage title={t`equipa`} html={usePrefs()?.teamHtml} className="team-page" />;
}
