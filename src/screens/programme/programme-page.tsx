import { ProgrammeView } from './programme-view';

export default function ProgrammePage() {
  return (
    <div className="page">
      <h1 className="page__title">Programação</h1>
      <ProgrammeView headingLevel="h2" />
    </div>
  );
}
