/**
 * /atividades: the parallel events (spec "Activities list"), filtered by section (the default
 * label SECCOES means no filter) and optionally sorted A to Z.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { AzToggle } from '../../primitives/az-toggle';

import { ALL_ACTIVITY_SECTIONS, DEFAULT_ACTIVITY_SECTION_NAME, PARALLEL_EVENTS } from '../../common/constants';
import { filterBySection, sortAz } from '../../common/films/film-filter';
import { routeRequests, useRouteContext, useRouteData } from '../../routing/route-kit';
import { activitiesRoute } from './activities-route';
import { isLoading, ListState } from '../../primitives/list-state';
import { useStoreReader } from '../../data/use-api';
import { WorkCard } from '../../primitives/cards';
import './activities-page.css';

export default function ActivitiesPage() {
  const { t, i18n } = useLingui();
  const selectId = useId();
  const [section, setSection] = useState(DEFAULT_ACTIVITY_SECTION_NAME);
  const [az, setAz] = useState<0 | 1>(0);
  const { activities, sections } = useRouteData(activitiesRoute);
  const path = routeRequests(activitiesRoute, useRouteContext(), useStoreReader()).activities.path;

  const loading = isLoading(activities);
  const shown = sortAz(filterBySection(activities.data ?? [], section), az);
  const names = (sections.data ?? []).map((s) => s.name);
  // The chosen section stays listed even when it is not one of the loaded sections.
  const options = [...new Set([DEFAULT_ACTIVITY_SECTION_NAME, ...names, section])];

  const emptyText =
    section === DEFAULT_ACTIVITY_SECTION_NAME
      ? t`Não existem eventos paralelos`
      : t`Não existem eventos paralelos associadas a "${section}"`;

  return (
    <div className="page activities-page">
      <div className="page__header">
        <h1 className="page__title">{i18n._(PARALLEL_EVENTS)}</h1>
        <div className="list-controls">
          <label htmlFor={selectId} className="list-controls__label">
            <Trans>Filtrar por</Trans>
          </label>
          <select id={selectId} className="select" value={section} onChange={(event) => setSection(event.target.value)}>
            {options.map((name) => (
              <option key={name} value={name}>
                {name === DEFAULT_ACTIVITY_SECTION_NAME ? i18n._(ALL_ACTIVITY_SECTIONS) : name}
              </option>
            ))}
          </select>
          <AzToggle az={az} onChange={setAz} label={t`FILMES A a Z`} />
        </div>
      </div>
      <ListState entry={activities} path={path} count={shown.length} empty={emptyText}>
        <ul className={`card-grid${loading ? ' is-loading' : ''}`} aria-busy={loading}>
          {shown.map((item) => (
            <li key={item.id} className="card-grid__item">
              <WorkCard item={item} onTag={setSection} titleAs="h2" />
            </li>
          ))}
        </ul>
      </ListState>
    </div>
  );
}
