import { useLingui } from '@lingui/react/macro';
import { StaticPage } from './static-page';

/** /equipa: the title 'equipa' and the team credits. */
export default function TeamPage() {
  const { t } = useLingui();
  return <StaticPage title={t`equipa`} text="teamHtml" className="team-page" />;
}
