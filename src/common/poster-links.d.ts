/** Where a poster or banner leads (spec: Festival home, rules). */
export type PosterTarget = {
    kind: 'internal';
    to: string;
} | {
    kind: 'external';
    href: string;
};
/** `siteUrl` is the product's own public address, e.g. https://festadocinemaitaliano.pt */
export declare function posterTarget(link: string, siteUrl: string): PosterTarget;
