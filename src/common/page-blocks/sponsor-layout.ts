/**
 * The sponsors block layout (spec section 4, "Sponsor layout"): the first group stands alone on
 * the left; from the third group on, groups are paired: two adjacent non-minimised groups make a
 * two-column row; otherwise a group is a one-column row, or a collapsible row if minimised; empty
 * groups are skipped and a trailing group stands alone.
 */
import type { Sponsor, SponsorList } from '../api/api-types';

export interface SponsorGroup {
  name: string;
  minimized: boolean;
  sponsors: Sponsor[];
}

type SponsorRow =
  | { kind: 'two-columns'; groups: [SponsorGroup, SponsorGroup] }
  | { kind: 'one-column'; group: SponsorGroup }
  | { kind: 'minimized'; group: SponsorGroup };

/** Groups by tag_name, in the order of the id list. */
export function groupSponsors(list: SponsorList): SponsorGroup[] {
  const groups: SponsorGroup[] = [];
  const byName = new Map<string, SponsorGroup>();
  for (const id of list.ids) {
    const sponsor = list.items[id];
    if (!sponsor) continue;
    let group = byName.get(sponsor.tag_name);
    if (!group) {
      group = { name: sponsor.tag_name, minimized: sponsor.minimized !== 0, sponsors: [] };
      byName.set(sponsor.tag_name, group);
      groups.push(group);
    }
    group.sponsors.push(sponsor);
  }
  return groups;
}

interface SponsorLayout {
  first: SponsorGroup | null;
  rows: SponsorRow[];
}

export function layoutSponsors(groups: SponsorGroup[]): SponsorLayout {
  const nonEmpty = groups.filter((g) => g.sponsors.length > 0);
  const [first = null, ...rest] = nonEmpty;
  const single = (group: SponsorGroup): SponsorRow => (group.minimized ? { kind: 'minimized', group } : { kind: 'one-column', group });
  const rows: SponsorRow[] = [];
  // The second group opens the right area on its own; pairing starts with the third.
  const [second, ...paired] = rest;
  if (second) rows.push(single(second));
  for (let i = 0; i < paired.length; i += 2) {
    const a = paired[i]!;
    const b = paired[i + 1];
    if (!b) rows.push(single(a));
    else if (!a.minimized && !b.minimized) rows.push({ kind: 'two-columns', groups: [a, b] });
    else rows.push(single(a), single(b));
  }
  return { first, rows };
}
