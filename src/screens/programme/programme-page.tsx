import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { PAGE_PATTERNS } from '../../common/addresses/page-paths';
import { ProgrammeView } from './programme-view';

export default function ProgrammePage() {
  return (
    <div className="page">
      <h1 className="page__title">
        <Trans>Programação</Trans>
      </h1>
      <p className="programme-page__changes">
        <Link to={PAGE_PATTERNS.programmeChanges}>
          <Trans>Alterações à programação</Trans>
        </Link>
      </p>
      <ProgrammeView headingLevel="h2" />
    </div>
  );
}
