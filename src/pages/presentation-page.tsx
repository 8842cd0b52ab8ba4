import { StaticPage } from '../components/static-page';
import { usePrefs } from '../components/use-prefs';

/** /apresentacao: the festival's presentation. */
export default function PresentationPage() {
  return <StaticPage title="Apresentação" html={usePrefs()?.presentationHtml} className="presentation-page" />;
}
