import { useLingui } from '@lingui/react/macro';
import { StaticPage } from './static-page';
import { usePrefs } from '../../hooks/use-prefs';

/** /apresentacao: the festival's presentation. */
export default function PresentationPage() {
  const { t } = useLingui();
  return <StaticPage title={t`Apresentação`} html={usePrefs()?.presentationHtml} className="presentation-page" />;
}
