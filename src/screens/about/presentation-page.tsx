import { useLingui } from '@lingui/react/macro';
import { StaticPage } from './static-page';

/** /apresentacao: the festival's presentation. */
export default function PresentationPage() {
  const { t } = useLingui();
  return <StaticPage title={t`Apresentação`} text="presentationHtml" className="presentation-page" />;
}
