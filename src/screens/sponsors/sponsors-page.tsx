/** /patrocinadores and /patrocinadores/{group}: the sponsors, grouped by tag_name. */
import { Trans, useLingui } from '@lingui/react/macro';
import { groupSponsors } from '../../common/page-blocks/sponsor-layout';
import { routeRequests, useRouteContext, useRouteData } from '../../routing/route-kit';
import { sponsorsRoute } from './sponsors-route';
import { HtmlBlock } from '../../primitives/html-block';
import { Image } from '../../primitives/image';
import { ListState } from '../../primitives/list-state';
import { useStoreReader } from '../../data/use-api';
import { NotFound } from '../../primitives/not-found';
import './sponsors-page.css';

export default function SponsorsPage() {
  const { t } = useLingui();
  const { sponsors } = useRouteData(sponsorsRoute);
  const path = routeRequests(sponsorsRoute, useRouteContext(), useStoreReader()).sponsors.path;
  if (sponsors.status === 'missing') return <NotFound />;

  const groups = sponsors.data ? groupSponsors(sponsors.data).filter((g) => g.sponsors.length > 0) : [];

  return (
    <div className="page sponsors-page">
      <h1 className="page__title">
        <Trans>Patrocinadores</Trans>
      </h1>
      <ListState entry={sponsors} path={path} count={groups.length} empty={t`Não existem patrocinadores.`}>
        {groups.map((group, index) => (
          <section key={group.name} className="sponsor-section" aria-labelledby={`sponsor-section-${index}`}>
            <h2 id={`sponsor-section-${index}`} className="sponsor-section__title">
              {group.name}
            </h2>
            <ul className="sponsor-list">
              {group.sponsors.map((s) => (
                <li key={s.id} className="sponsor-card">
                  <Image src={s.thumb} alt="" width={300} height={150} className="sponsor-card__thumb" lazy={index > 0} />
                  <h3 className="sponsor-card__name">
                    {s.link ? (
                      <a href={s.link} target="_blank" rel="noopener noreferrer" className="sponsor-card__link">
                        {s.name}
                        <span className="visually-hidden">
                          {' '}
                          <Trans>(abre num novo separador)</Trans>
                        </span>
                      </a>
                    ) : (
                      s.name
                    )}
                  </h3>
                  {s.description ? <HtmlBlock html={s.description} className="sponsor-card__text rich-text" /> : null}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </ListState>
    </div>
  );
}
