import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { SponsorList } from '../../common/api/api-types';
import { groupSponsors, layoutSponsors, type SponsorGroup } from '../../common/page-blocks/sponsor-layout';
import { Image } from '../../primitives/image';
import { useContentLang, useWritten } from '../../hooks/use-content-lang';
import './sponsors-block.css';

function Logos({ group }: { group: SponsorGroup }) {
  return (
    <ul className="sponsor-logos">
      {group.sponsors.map((s) => (
        <li key={s.id}>
          <a href={s.link} target="_blank" rel="noopener noreferrer" title={s.name}>
            <Image src={s.thumb} alt={s.name} width={150} height={75} />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The `lang` of a group's name: pt-PT when it has no translation in the page's language. */
const useGroupLang = (group: SponsorGroup) => useContentLang(useWritten(group.sponsors[0])('tag_name').lang);

function Group({ group }: { group: SponsorGroup }) {
  return (
    <div className="sponsor-group">
      <h3 className="sponsor-group__title" lang={useGroupLang(group)}>
        {group.name}
      </h3>
      <Logos group={group} />
    </div>
  );
}

function MinimizedRow({ group }: { group: SponsorGroup }) {
  const [expanded, setExpanded] = useState(false);
  const lang = useGroupLang(group);
  const id = `sponsor-group-${group.name.replace(/\W+/g, '-')}`;
  return (
    <div className={`sponsor-row sponsor-row--minimized${expanded ? ' is-expanded' : ''}`}>
      <h3 className="sponsor-group__title">
        <button
          type="button"
          className="sponsor-row__toggle"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((e) => !e)}
          lang={lang}
        >
          {group.name}
          <span className="sponsor-row__arrow" aria-hidden="true">
            ▾
          </span>
        </button>
      </h3>
      <div id={id} hidden={!expanded}>
        <Logos group={group} />
      </div>
    </div>
  );
}

/** The sponsors block: first group on the left, the rest laid out by the spec's rules. */
export function SponsorsBlock({ list }: { list: SponsorList | undefined }) {
  const { t } = useLingui();
  if (!list || list.ids.length === 0) return null;
  const { first, rows } = layoutSponsors(groupSponsors(list));
  if (!first) return null;
  return (
    <section className="block sponsors-block" aria-label={t`Patrocinadores`}>
      <div className="sponsors-block__first">
        <Group group={first} />
      </div>
      <div className="sponsors-block__rest">
        {rows.map((row) => {
          if (row.kind === 'two-columns') {
            return (
              <div key={row.groups[0].name} className="sponsor-row sponsor-row--two">
                <Group group={row.groups[0]} />
                <Group group={row.groups[1]} />
              </div>
            );
          }
          if (row.kind === 'minimized') return <MinimizedRow key={row.group.name} group={row.group} />;
          return (
            <div key={row.group.name} className="sponsor-row sponsor-row--one">
              <Group group={row.group} />
            </div>
          );
        })}
      </div>
    </section>
  );
}
