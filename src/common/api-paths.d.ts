/**
 * Every API path the site reads, built in one place. The data layer is keyed by these paths: the
 * server embeds answers under them and the browser reads and caches them under the same keys.
 */
import { type AssetType, type PressType, type Scope } from './constants';
export declare const API_BASE = "/admin/api";
export declare const apiPaths: {
    readonly homeprefs: () => string;
    readonly menus: (scope: Scope) => string;
    readonly filmsByCategory: (category: string, scope: Scope) => string;
    readonly newsList: (scope: Scope) => string;
    readonly news: (id: string) => string;
    readonly cityProgramme: (cityId: string) => string;
    readonly cities: () => string;
    readonly movie: (id: string) => string;
    readonly activity: (id: string) => string;
    readonly search: (query: string) => string;
    readonly customPage: (page: string) => string;
    readonly history: (edition: string) => string;
    readonly sections: (assetType: AssetType, scope: Scope) => string;
    readonly filmFilter: () => string;
    readonly activities: () => string;
    readonly press: (type: PressType) => string;
    readonly sponsorsFromMenu: (groupId: string, scope: Scope) => string;
    readonly sponsorsFromHome: () => string;
    readonly posters: (scope: Scope) => string;
    readonly festivalProgramme: () => string;
    readonly downloadPress: (id: string) => string;
    readonly downloadAttachment: (id: string) => string;
};
export declare const postPaths: {
    readonly newsletter: "/api/newsletter";
    readonly accreditation: "/api/accreditation";
    readonly ticket: "/api/ticket";
};
/** The films a view lists: a section's, or the distribution label's when that section is chosen. */
export declare function filmsPath(section: string | undefined, scope: Scope): string;
