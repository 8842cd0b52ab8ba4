import { Link } from 'react-router-dom';
import { PAGE_PATTERNS } from '../../common/addresses/page-paths';
import { ProgrammeView } from './programme-view';

export default function ProgrammePage() {
  return (
    <div className="page">
      <h1 className="page__title">Programação</h1>
      <p className="programme-page__changes">
        <Link to={PAGE_PATTERNS.programmeChanges}>Alterações à programação</Link>
      </p>
      <ProgrammeView headingLevel="h2" />
    </div>
  );
}
