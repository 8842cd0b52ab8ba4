import { StaticPage } from './static-page';
import { usePrefs } from '../../hooks/use-prefs';

/** /apresentacao: the festival's presentation. */
export default function PresentationPage() {
  return <StaticPage title="Apresentação" html={usePrefs()?.presentationHtml} className="presentation-page" />;
}
