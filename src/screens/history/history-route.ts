import { msg } from '@lingui/core/macro';
import { apiRequest, endpoints } from '../../common/api/endpoint-refs';
import { DEFAULT_HISTORY_TAB, HISTORY_TABS, type HistoryTab } from '../../common/constants';
import { describe } from '../../common/text/plain-text';
import { lazyPage } from '../../routing/lazy-page';
import { defineRoute, prefsRequest, type Read } from '../../routing/route-kit';
import { PAGE_PATTERNS } from '../../common/addresses/page-paths';

/** An edition that no archive holds: its read answers 404, which makes a malformed address a 404 page. */
export const NO_EDITION = '0000';

interface HistoryAddress {
  /** The edition (year) the address names; undefined: the default edition. */
  year?: string;
  tab: HistoryTab;
}

const isYear = (segment: string | undefined): segment is string => !!segment && /^[0-9]{4}$/.test(segment);
const asTab = (segment: string | undefined): HistoryTab | undefined => HISTORY_TABS.find((tab) => tab === segment);

/**
 * Reads /historico/{page}/{id}. As the spec reads it, {id}, when given, is the edition (year) and
 * the API read is festival_history/{id}, whatever {page} holds (/historico/2025/2024 is the 2024
 * edition); {page} picks the tab when it names one. Beside that, {page} may be the edition and
 * {id} the tab: /historico/2015, /historico/2015/premios, /historico/premios and
 * /historico/premios/2015 all work. The tab defaults to programacao and the edition to the
 * default edition. Anything else (an unknown tab, a segment that is neither a year nor a tab) is
 * null: a 404.
 */
export function readHistoryAddress(page: string | undefined, id: string | undefined): HistoryAddress | null {
  const noId = id === undefined || id === '';
  if (!noId && isYear(id)) return { year: id, tab: asTab(page) ?? DEFAULT_HISTORY_TAB };
  if (isYear(page)) {
    if (noId) return { year: page, tab: DEFAULT_HISTORY_TAB };
    const tab = asTab(id);
    return tab ? { year: page, tab } : null;
  }
  const tab = asTab(page);
  if (!tab || !noId) return null;
  return { tab };
}

/**
 * The edition read of an address: the named one, or the default edition, the newest of the
 * archive (the start-up preferences list the archive's editions, newest first).
 */
export function historyEdition(address: HistoryAddress | null, read: Read): string | null {
  if (!address) return NO_EDITION;
  if (address.year) return address.year;
  const prefs = read(prefsRequest);
  if (!prefs) return null;
  return prefs.historyEditions[0] ?? NO_EDITION;
}

/** /historico/{page}/{id}: a past edition of the festival, on one of its five tabs. */
export const historyRoute = defineRoute({
  id: 'historico',
  path: PAGE_PATTERNS.history,
  page: lazyPage(() => import('./history-page')),
  data: ({ params }, read) => {
    const edition = historyEdition(readHistoryAddress(params.page, params.id), read);
    return { edition: edition === null ? null : apiRequest(endpoints.history, { edition }) };
  },
  subject: 'edition',
  meta: ({ edition }, _ctx, i18n) => {
    const name = edition?.title ?? '';
    return {
      title: edition ? i18n._(msg`Histórico: ${name}`) : i18n._(msg`Histórico`),
      description: describe(edition?.venues),
      image: edition?.poster,
    };
  },
});
