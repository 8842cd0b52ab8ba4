export const SITE_NAME = '8½ Festa do Cinema Italiano';

export function pageTitle(title: string | undefined): string {
  return title ? `${title} | ${SITE_NAME}` : SITE_NAME;
}
