/**
 * The sponsors block layout (spec section 4, "Sponsor layout"): the first group stands alone on
 * the left; from the third group on, groups are paired: two adjacent non-minimised groups make a
 * two-column row; otherwise a group is a one-column row, or a collapsible row if minimised; empty
 * groups are skipped and a trailing group stands alone.
 */
import type { Sponsor, SponsorList } from './api-types';
export interface SponsorGroup {
    name: string;
    minimized: boolean;
    sponsors: Sponsor[];
}
export type SponsorRow = {
    kind: 'two-columns';
    groups: [SponsorGroup, SponsorGroup];
} | {
    kind: 'one-column';
    group: SponsorGroup;
} | {
    kind: 'minimized';
    group: SponsorGroup;
};
/** Groups by tag_name, in the order of the id list. */
export declare function groupSponsors(list: SponsorList): SponsorGroup[];
export interface SponsorLayout {
    first: SponsorGroup | null;
    rows: SponsorRow[];
}
export declare function layoutSponsors(groups: SponsorGroup[]): SponsorLayout;
