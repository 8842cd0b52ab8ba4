/**
 * The five tabs of a festival edition (programacao by default). Each tab is a link to
 * /historico/{edition}/{tab} (or /historico/{tab} on the default edition, when the address names
 * no edition), so the tab survives a reload, and the list behaves as an ARIA
 * tablist: the selected tab alone is in the Tab order, arrow keys, Home and End move between tabs.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { HISTORY_TABS, type HistoryTab } from '../../common/constants';
import './history-tabs.css';
import { historyPath } from '../../common/addresses/page-paths';

const HISTORY_TAB_LABELS: Record<HistoryTab, MessageDescriptor> = {
  programacao: msg`Programação`,
  convidados: msg`Convidados`,
  premios: msg`Prémios`,
  numeros: msg`Números`,
  patrocinadores: msg`Patrocinadores`,
};

/** The tab an arrow, Home or End key leads to from `index`; null for other keys. */
function tabIndexAfterKey(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

interface Props {
  /** The edition the address names; undefined on the default edition (/historico/{tab}). */
  edition: string | undefined;
  selected: HistoryTab;
  /** Id prefix of the tabs: a tab's id is `${idBase}-${tab}`. */
  idBase: string;
  panelId: string;
  label: string;
}

export function HistoryTabs({ edition, selected, idBase, panelId, label }: Props) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const tabs = useRef<(HTMLAnchorElement | null)[]>([]);
  // The tab moved to with the keyboard keeps the focus even when the new address renders the page
  // afresh (the app remounts the page of each address), through the navigation's state.
  const { state } = useLocation() as { state: { focusTab?: HistoryTab } | null };
  const focusTab = state?.focusTab;
  useEffect(() => {
    if (focusTab && focusTab === selected) tabs.current[HISTORY_TABS.indexOf(selected)]?.focus();
  }, [focusTab, selected]);
  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    const next = tabIndexAfterKey(event.key, index, HISTORY_TABS.length);
    const tab = next === null ? undefined : HISTORY_TABS[next];
    if (next === null || !tab) return;
    event.preventDefault();
    tabs.current[next]?.focus();
    void navigate(historyPath(edition, tab), { replace: true, preventScrollReset: true, state: { focusTab: tab } });
  };
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {HISTORY_TABS.map((tab, index) => {
        const isSelected = tab === selected;
        return (
          <Link
            key={tab}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            id={`${idBase}-${tab}`}
            to={historyPath(edition, tab)}
            role="tab"
            aria-selected={isSelected}
            aria-controls={isSelected ? panelId : undefined}
            tabIndex={isSelected ? 0 : -1}
            className={`tabs__tab${isSelected ? ' is-selected' : ''}`}
            preventScrollReset
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {i18n._(HISTORY_TAB_LABELS[tab])}
          </Link>
        );
      })}
    </div>
  );
}
