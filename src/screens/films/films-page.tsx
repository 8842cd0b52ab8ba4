import { useParams } from 'react-router-dom';
import { DEFAULT_SECTION_NAME } from '../../common/constants';
import { FilmsView } from './films-view';
import { NotFound } from '../../primitives/not-found';
import { useRouteData } from '../../routing/route-kit';
import { filmsRoute } from './films-route';
import { useScope } from '../../shell/scope';

export default function FilmsPage() {
  const { tagid } = useParams();
  const { scope } = useScope();
  // An unknown section is a page that does not exist (the server answers 404 too).
  if (useRouteData(filmsRoute).films.status === 'missing') return <NotFound />;
  return (
    <div className="page">
      <FilmsView scope={scope} section={tagid ?? DEFAULT_SECTION_NAME} headingLevel="h1" pageParam="pagina" followFilters />
    </div>
  );
}
