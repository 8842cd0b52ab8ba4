import { useParams } from 'react-router-dom';
import { DEFAULT_SECTION_NAME } from '../common/constants';
import { FilmsView } from '../components/films-view';
import { useScope } from '../scope';

export default function FilmsPage() {
  const { tagid } = useParams();
  const { scope } = useScope();
  return (
    <div className="page">
      <FilmsView scope={scope} section={tagid ?? DEFAULT_SECTION_NAME} headingLevel="h1" />
    </div>
  );
}
