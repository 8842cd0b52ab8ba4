import { FESTIVAL_NAME } from '../common/constants';

export const SITE_NAME = FESTIVAL_NAME;

export function pageTitle(title: string | undefined): string {
  return title ? `${title} | ${SITE_NAME}` : SITE_NAME;
}
